import { Readable } from 'node:stream';
import type { RoutePlugin } from '../route-deps';
import { performs } from '../../../common/schemas/clinic-services';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { esDateFormat } from '../../../common/time';
import {
  APPOINTMENT_STATUS_LABELS,
  MAX_APPOINTMENT_HOURS,
  TOO_LONG_MESSAGE,
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
import { AppError, pgErrorCode, validationError } from '../../platform';
import { requireUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { dateInZone, startOfDay } from '../../platform';
import { appointmentsCsv } from './csv';
import { presentAppointment, type NoticedView } from './service';
import { rescheduleAvailability } from './reschedule-availability';
import { NOT_PERFORMED_MESSAGE } from './kept-length';
import { requireConsentOrReason } from './consent-gate';
import { rescheduleAvailabilityQuerySchema } from '../../../common/schemas/reschedule-availability';
import { clock } from '../../platform';

const idParams = z.object({ id: z.uuid({ error: 'Cita no encontrada' }) });
/** Rows per page of the CSV export. */
const EXPORT_PAGE = 1000;

function describeEvent(action: string, changes: Record<string, unknown>, timeZone: string): string {
  const when = (iso: unknown) =>
    typeof iso === 'string'
      ? esDateFormat({ timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))
      : '';
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
      return `Estado: ${label} (llegó a las ${esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(changes.arrivedAt))})`;
    }
    return `Estado: ${label}`;
  }
  return action;
}

/** The appointment, and the calls the desk must make because the patient has no e-mail (the toast says them). */
const withNotices = (view: NoticedView) => ({ ...presentAppointment(view), notices: view.notices });

function requireSensibleLength(startsAt: Date, endsAt: Date) {
  if (endsAt <= startsAt)
    throw new AppError(400, 'VALIDATION', 'La cita termina antes de empezar', {
      endsAt: 'La cita termina antes de empezar',
    });
  if (endsAt.getTime() - startsAt.getTime() > MAX_APPOINTMENT_HOURS * 3_600_000) {
    throw new AppError(400, 'VALIDATION', TOO_LONG_MESSAGE, { endsAt: TOO_LONG_MESSAGE });
  }
}

export const appointmentsStaffRoutes: RoutePlugin = async (app, deps) => {
  const { repos } = deps;
  const { db } = deps.database;
  const service = deps.appointments;

  /** The service the desk books: active, and one this doctor performs (a message on the field otherwise). */
  const bookableService = async (serviceId: string, doctor: { id: string; specialtyId: string }) => {
    const found = await repos.clinicServices.findById(serviceId);
    if (!found || !found.active) throw validationError({ serviceId: 'Elige un servicio activo de la lista' });
    if (!performs(found, doctor)) throw validationError({ serviceId: 'Este profesional no realiza ese servicio' });
    return found;
  };

  const listFilters = async (query: z.infer<typeof appointmentListQuerySchema>) => {
    const { timeZone } = await repos.clinic.getSettings();
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
      const settings = await repos.clinic.getSettings();
      const { view, history, minor } = await auditedRead(
        db,
        async (db) => {
          const read = await request.scope.appointment(request.params.id, db);
          return {
            view: read,
            history: await repos.appointments.history(read.id, db),
            minor: await repos.appointmentMinors.find(read.id, db),
          };
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
      const user = requireUser(request);
      const input = request.body;
      const doctor = await service.activeDoctor(input.doctorId);
      const booked = input.serviceId ? await bookableService(input.serviceId, doctor) : undefined;
      const startsAt = new Date(input.startsAt);
      const endsAt = input.endsAt
        ? new Date(input.endsAt)
        : new Date(startsAt.getTime() + (booked?.durationMinutes ?? doctor.appointmentMinutes) * 60_000);
      requireSensibleLength(startsAt, endsAt);
      await service.requireWithinHours(doctor, startsAt, endsAt, input.allowOutsideHours);
      const view = await service
        .create({
          doctor,
          patient: input.patientId,
          startsAt,
          endsAt,
          reason: input.reason,
          channel: input.channel,
          status: 'confirmada',
          actor: user,
          ip: request.ip,
          email: 'confirmed',
          serviceId: booked?.id ?? null,
        })
        .catch((error: unknown) => {
          // The patient id names no record (foreign key): said in Spanish, without a lookup before every booking.
          if (pgErrorCode(error) === '23503') {
            throw new AppError(400, 'VALIDATION', 'Elige un paciente de la lista', {
              patientId: 'Elige un paciente de la lista',
            });
          }
          throw error;
        });
      // Booked into a slot offered to her from the waiting list: her entry is done.
      await deps.waitingList.bookedByDesk(view, auditContext(request));
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
      if (!['pendiente', 'confirmada'].includes(view.status)) {
        throw new AppError(
          409,
          'INVALID_TRANSITION',
          `Una cita ${APPOINTMENT_STATUS_LABELS[view.status].toLowerCase()} no se puede mover.`,
        );
      }
      const input = request.body;
      const doctor = await service.activeDoctor(input.doctorId ?? view.doctorId);
      // A booked service goes only to a doctor who performs it.
      const booked =
        view.serviceId && doctor.id !== view.doctorId && (await repos.clinicServices.findById(view.serviceId));
      if (booked && !performs(booked, doctor)) throw validationError({ doctorId: NOT_PERFORMED_MESSAGE });
      const startsAt = input.startsAt ? new Date(input.startsAt) : view.startsAt;
      const endsAt = input.endsAt
        ? new Date(input.endsAt)
        : new Date(startsAt.getTime() + (view.endsAt.getTime() - view.startsAt.getTime()));
      requireSensibleLength(startsAt, endsAt);
      const moved =
        startsAt.getTime() !== view.startsAt.getTime() ||
        endsAt.getTime() !== view.endsAt.getTime() ||
        doctor.id !== view.doctorId;
      if (moved) await service.requireWithinHours(doctor, startsAt, endsAt, input.allowOutsideHours);
      const fields = Object.keys(input).filter((field) => field !== 'allowOutsideHours');
      const updated = await service.reschedule(
        view,
        { doctor, startsAt, endsAt, reason: input.reason },
        { ...auditContext(request), details: { fields } },
        { email: moved, undoable: true },
      );
      return withNotices(updated);
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
          ? await requireConsentOrReason(deps.bookingForms, request.scope, view, consentException)
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
