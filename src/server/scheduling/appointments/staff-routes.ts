import { Readable } from 'node:stream';
import type { RoutePlugin } from '../route-deps';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api, insurerApi } from '../../../common/api-paths';
import {
  APPOINTMENT_STATUS_LABELS,
  appointmentDetailSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentUpdateSchema,
  availabilitySchema,
  staffBookingSchema,
  statusChangeSchema,
  type AppointmentStatus,
} from '../../../common/schemas/appointments';
import { mayMakeStatusChange } from '../../access';
import { AppError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { dateInZone, startOfDay } from '../../platform';
import { appointmentsCsv } from './csv';
import { presentAppointment, withNotices } from './present';
import { appointmentRecord, clinicSettings } from './reads';
import { rescheduleAvailability } from './reschedule-availability';
import { requireConsentOrReason } from './consent-gate';
import { rescheduleAvailabilityQuerySchema } from '../../../common/schemas/reschedule-availability';
import { visitPayerInputSchema } from '../../../common/schemas/insurer-visits';
import { clock, formatShortDateTime, formatTime, toInstant } from '../../platform';

const idParams = z.object({ id: z.uuid({ error: 'Cita no encontrada' }) });
/** Rows per page of the CSV export. */
const EXPORT_PAGE = 1000;

function describeEvent(action: string, changes: Record<string, unknown>, timeZone: string): string {
  const when = (iso: unknown) => (typeof iso === 'string' ? formatShortDateTime(iso, timeZone) : '');
  if (action === 'created')
    return `Cita creada (${APPOINTMENT_STATUS_LABELS[changes.status as AppointmentStatus] ?? ''})`;
  if (action === 'rescheduled') {
    const from = changes.from as { startsAt?: string } | undefined;
    const to = changes.to as { startsAt?: string } | undefined;
    return `Cambio de hora: ${when(from?.startsAt)} → ${when(to?.startsAt)}`;
  }
  if (action === 'undone')
    return changes.undid === 'rescheduled' ? 'Cambio de hora deshecho' : 'Cambio de estado deshecho';
  if (action === 'status') {
    const label = APPOINTMENT_STATUS_LABELS[changes.status as AppointmentStatus] ?? String(changes.status);
    if (changes.reason) return `Estado: ${label}. Motivo: ${String(changes.reason)}`;
    // Attended without a check-in: the arrival the desk or the doctor stated.
    if (changes.status === 'atendida' && changes.from !== 'en_sala' && typeof changes.arrivedAt === 'string') {
      return `Estado: ${label} (llegó a las ${formatTime(changes.arrivedAt, timeZone)})`;
    }
    return `Estado: ${label}`;
  }
  return action;
}

export const appointmentsStaffRoutes: RoutePlugin = async (app, deps) => {
  const { db } = deps.database;
  const service = deps.appointments;

  const listFilters = async (query: z.infer<typeof appointmentListQuerySchema>) => {
    const { timeZone } = await clinicSettings(deps);
    return {
      timeZone,
      from: query.from ? startOfDay(query.from, timeZone) : undefined,
      to: query.to ? startOfDay(Temporal.PlainDate.from(query.to).add({ days: 1 }).toString(), timeZone) : undefined,
      doctorId: query.doctorId,
      patientId: query.patientId,
      status: query.status,
      q: query.q,
    };
  };

  app.get(
    api.appointments,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } },
    },
    async (request) => {
      const query = request.query;
      const { timeZone: _zone, ...filters } = await listFilters(query);
      const { items, total } = await auditedRead(
        db,
        (db) =>
          request.scope.appointments.listPage(
            { ...filters, page: query.page, pageSize: query.pageSize, order: query.order },
            db,
          ),
        (page) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          patientId: query.patientId,
          details: { view: 'history', ...query, results: page.items.length },
        }),
      );
      return { items: items.map(presentAppointment), total, page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    api.appointmentsExport,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: appointmentListQuerySchema.omit({ page: true, pageSize: true }) },
    },
    async (request, reply) => {
      const { timeZone, ...filters } = await listFilters({ ...request.query, page: 1, pageSize: 1 });
      // The first page is read before the export's own entry is written (so a failing query is still
      // a proper error answer); the rest follow in pages while the file is sent.
      const first = await auditedRead(
        db,
        (db) => request.scope.appointments.exportPage(filters, null, EXPORT_PAGE, db),
        {
          ...auditContext(request),
          action: 'export',
          entity: 'appointment',
          patientId: filters.patientId,
          details: { ...request.query },
        },
      );
      async function* pages() {
        let page = first;
        while (page.length > 0) {
          yield page.map(presentAppointment);
          if (page.length < EXPORT_PAGE) return;
          const last = page[page.length - 1]!;
          page = await request.scope.appointments.exportPage(
            filters,
            { startsAt: last.startsAt, id: last.id },
            EXPORT_PAGE,
          );
        }
      }
      const stamp = dateInZone(clock.now(), timeZone);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="citas-${stamp}.csv"`)
        .send(Readable.from(appointmentsCsv(pages(), timeZone)));
    },
  );

  app.get(
    api.appointment(':id'),
    {
      config: { access: 'read:appointments' },
      schema: { params: idParams, response: { 200: appointmentDetailSchema } },
    },
    async (request) => {
      const settings = await clinicSettings(deps);
      const { view, history, minor, deposit } = await auditedRead(
        db,
        async (db) => {
          const read = await request.scope.appointment(request.params.id, db);
          return { view: read, ...(await appointmentRecord(deps, read.id, db)) };
        },
        ({ view: read }) => ({
          ...auditContext(request),
          action: 'read',
          entity: 'appointment',
          entityId: read.id,
          patientId: read.patientId,
        }),
      );
      return {
        ...presentAppointment(view),
        history: history.map((event) => ({
          at: event.at.toISOString(),
          actorName: event.actorName || event.actorEmail || 'Paciente (enlace del correo)',
          action: event.action,
          description: describeEvent(event.action, event.changes, settings.timeZone),
        })),
        minor,
        deposit,
      };
    },
  );

  app.post(
    api.appointments,
    {
      config: { access: 'manage:appointments' },
      schema: { body: staffBookingSchema, response: { 201: appointmentSchema } },
    },
    async (request, reply) => {
      requireUser(request);
      const input = request.body;
      // Booked into a slot offered to her from the waiting list: her entry is done (an after-booking step).
      const view = await service.book({
        source: 'desk',
        doctorId: input.doctorId,
        startsAt: toInstant(input.startsAt),
        endsAt: input.endsAt ? toInstant(input.endsAt) : undefined,
        reason: input.reason,
        channel: input.channel,
        serviceId: input.serviceId,
        allowOutsideHours: input.allowOutsideHours,
        patient: input.patientId,
        payer: input.payer,
        by: auditContext(request),
      });
      return reply.status(201).send(withNotices(view));
    },
  );

  app.patch(
    api.appointment(':id'),
    {
      config: { access: 'manage:appointments' },
      schema: { params: idParams, body: appointmentUpdateSchema, response: { 200: appointmentSchema } },
    },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      const fields = Object.keys(request.body).filter((field) => field !== 'allowOutsideHours');
      const updated = await service.rescheduleByStaff(view, request.body, {
        ...auditContext(request),
        details: { fields },
      });
      return withNotices(updated);
    },
  );

  // «Privado» / «Aseguradora» of a visit already booked (decision 0118).
  app.put(
    insurerApi.appointmentPayer(':id'),
    {
      config: { access: 'manage:appointments' },
      schema: { params: idParams, body: visitPayerInputSchema, response: { 200: appointmentSchema } },
    },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return presentAppointment(await service.changePayer(view, request.body, auditContext(request)));
    },
  );

  // «Cambiar fecha u hora»: free times of the appointment's own length; the desk sees the held ones marked.
  app.get(
    api.appointmentAvailability(':id'),
    {
      config: { access: 'manage:appointments' },
      schema: {
        params: idParams,
        querystring: rescheduleAvailabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) =>
      rescheduleAvailability(deps, await request.scope.appointment(request.params.id), request.query, 'mark'),
  );

  app.post(
    api.appointmentStatus(':id'),
    {
      config: { access: 'attend:appointments' },
      schema: { params: idParams, body: statusChangeSchema, response: { 200: appointmentSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const view = await request.scope.appointment(request.params.id);
      const { status, reason, showReasonToPatient, arrivedAt, consentException } = request.body;
      if (!mayMakeStatusChange(user, status)) {
        throw new AppError(403, 'FORBIDDEN', 'Confirmar o cancelar citas lo hace la administración de la clínica.');
      }
      const arrival = await service.requireStatusChange(view, status, arrivedAt);
      const withoutConsent =
        status === 'atendida'
          ? await requireConsentOrReason(deps.visitForms, request.scope, view, consentException)
          : undefined;
      const updated = await service.setStatus(
        view,
        status,
        { ...auditContext(request), details: withoutConsent },
        status === 'cancelada' ? { reason: reason ?? null, visible: showReasonToPatient } : null,
        { undoable: true, arrivedAt: arrival },
      );
      return withNotices(updated);
    },
  );

  // «Deshacer»: the requester's own last move or status change, within UNDO_WINDOW_SECONDS.
  app.post(
    api.appointmentUndo(':id'),
    { config: { access: 'attend:appointments' }, schema: { params: idParams, response: { 200: appointmentSchema } } },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return presentAppointment(await service.undo(view, auditContext(request)));
    },
  );
};
