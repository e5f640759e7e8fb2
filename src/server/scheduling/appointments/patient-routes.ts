import { startDepositPayment } from '../../billing';
import { onlinePaymentInputSchema, redsysFormSchema } from '../../../common/schemas/online-payments';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  availabilitySchema,
  cancelSchema,
  myAppointmentsSchema,
  myBookingSchema,
  ownAppointmentSchema,
  rescheduleSchema,
} from '../../../common/schemas/appointments';
import { requireUser } from '../../access';
import type { RequestUser } from '../../access';
import { auditedRead, auditContext } from '../../platform';
import { PENDING_BOOKING_MESSAGE, requireOwnRecord } from '../../identity';
import { clock, epochMs, toInstant } from '../../platform';
import { clinicSettings, serviceNames } from './reads';
import { rescheduleAvailability } from './reschedule-availability';
import { rescheduleAvailabilityQuerySchema } from '../../../common/schemas/reschedule-availability';

const idParams = z.object({ id: z.uuid({ error: 'Cita no encontrada' }) });

/** The paciente's own appointments: list, book, cancel and change within the cancellation window. */
export const appointmentsPatientRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.appointments;

  /** The paciente's record; 409 while a record with their e-mail waits for them to prove it. */
  const ownRecord = (user: RequestUser) => requireOwnRecord(deps, user);

  app.get(
    api.myAppointments,
    { config: { access: 'book:appointments' }, schema: { response: { 200: myAppointmentsSchema } } },
    async (request) => {
      const user = requireUser(request);
      // Resolved before the audited read: it may create the record or write the confirmation link.
      const record = await ownRecord(user);
      const all = await auditedRead(
        deps.db,
        (db) => request.scope.appointments.listRange({}, db),
        (rows) => ({
          ...auditContext(request),
          action: 'list',
          entity: 'appointment',
          patientId: record.id,
          details: { view: 'own', results: rows.length },
        }),
      );
      const now = clock.nowMs();
      const [settings, names] = await Promise.all([clinicSettings(deps), serviceNames(deps)]);
      const own = await Promise.all(all.map((view) => service.ownView(view, settings, names)));
      const isUpcoming = (item: (typeof own)[number]) =>
        epochMs(item.endsAt) > now && ['pendiente', 'confirmada', 'en_sala'].includes(item.status);
      return {
        upcoming: own.filter(isUpcoming),
        past: own.filter((item) => !isUpcoming(item)).reverse(),
      };
    },
  );

  app.post(
    api.myAppointments,
    {
      schema: { body: myBookingSchema, response: { 201: ownAppointmentSchema } },
      config: { access: 'book:appointments', rateLimit: deps.config.limits.myBooking },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const record = await requireOwnRecord(deps, user, undefined, PENDING_BOOKING_MESSAGE);
      const { body } = request;
      const view = await service.book({
        source: 'patient-area',
        doctorId: body.doctorId,
        startsAt: toInstant(body.startsAt),
        reason: body.reason,
        serviceId: body.serviceId,
        patient: record.id,
        // Pediatría: the paciente books as the child's guardian.
        minor: { details: body.minor, guardianName: `${record.firstName} ${record.lastName}`.trim() },
        by: auditContext(request),
      });
      return reply.status(201).send(await service.ownView(view));
    },
  );

  // «Pagar la señal» of her own booking (decision 0121), while its hold lasts.
  app.post(
    api.myAppointmentDepositPayment(':id'),
    {
      config: { access: 'book:appointments', rateLimit: deps.config.limits.onlinePayment },
      schema: { params: idParams, body: onlinePaymentInputSchema, response: { 200: redsysFormSchema } },
    },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return startDepositPayment(deps, view.id, request.body.method);
    },
  );

  app.post(
    api.cancelMyAppointment(':id'),
    {
      config: { access: 'book:appointments' },
      schema: { params: idParams, body: cancelSchema, response: { 200: ownAppointmentSchema } },
    },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return service.cancelByPatient(view, { ...auditContext(request), details: { via: 'area' } }, request.body.reason);
    },
  );

  app.get(
    api.myAppointmentAvailability(':id'),
    {
      config: { access: 'book:appointments' },
      schema: {
        params: idParams,
        querystring: rescheduleAvailabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) =>
      rescheduleAvailability(deps, await request.scope.appointment(request.params.id), request.query, 'busy'),
  );

  app.post(
    api.rescheduleMyAppointment(':id'),
    {
      config: { access: 'book:appointments' },
      schema: { params: idParams, body: rescheduleSchema, response: { 200: ownAppointmentSchema } },
    },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return service.rescheduleByPatient(view, request.body, { ...auditContext(request), details: { via: 'area' } });
    },
  );
};
