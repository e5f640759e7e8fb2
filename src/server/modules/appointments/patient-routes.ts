import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '../../../common/paths';
import { cancelSchema, myAppointmentsSchema, myBookingSchema, ownAppointmentSchema, rescheduleSchema } from '../../../common/schemas/appointments';
import { requireUser } from '../../plugins/auth';
import type { RequestUser } from '../../types';
import type { Db } from '../../db/client';
import { audited, auditContext } from '../audit/audited';
import { ensurePatientRecord } from '../patients/link-account';
import { clock } from '../../clock';

const idParams = z.object({ id: z.uuid({ error: 'Cita no encontrada' }) });

/** The paciente's own appointments: list, book, cancel and change within the cancellation window. */
const patientAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const service = app.appointments;

  async function ownRecord(user: RequestUser, tx?: Db) {
    const profile = await repos.auth.findProfile(user.id, tx);
    return ensurePatientRecord(repos, user, { displayName: user.displayName, phone: profile?.phone ?? null }, tx);
  }

  app.get(api.myAppointments, { config: { access: 'my-appointments:manage' }, schema: { response: { 200: myAppointmentsSchema } } }, async (request) => {
    const user = requireUser(request);
    const { all } = await audited(
      app.database.db,
      async (tx) => {
        const record = await ownRecord(user, tx);
        // The scope sees the appointments of the record linked to this account, and no other.
        return { record, all: await request.scope.appointments.listRange({}, tx) };
      },
      ({ record, all: rows }) => ({ ...auditContext(request), action: 'list', entity: 'appointment', patientId: record.id, details: { view: 'own', results: rows.length } }),
    );
    const now = clock.nowMs();
    const own = await Promise.all(all.map(service.ownView));
    const isUpcoming = (item: (typeof own)[number]) =>
      Date.parse(item.endsAt) > now && ['pendiente', 'confirmada', 'en_sala'].includes(item.status);
    return {
      upcoming: own.filter(isUpcoming),
      past: own.filter((item) => !isUpcoming(item)).reverse(),
    };
  });

  app.post(
    api.myAppointments,
    {
      schema: { body: myBookingSchema, response: { 201: ownAppointmentSchema } },
      config: { access: 'my-appointments:manage', rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const record = await ownRecord(user);
      const doctor = await service.activeDoctor(request.body.doctorId);
      const slot = await service.requireFreeSlot(doctor, new Date(request.body.startsAt));
      const settings = await repos.clinic.getSettings();
      const view = await service.create({
        doctor,
        patientId: record.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        reason: request.body.reason,
        channel: 'web',
        status: settings.bookingsRequireConfirmation ? 'pendiente' : 'confirmada',
        actor: user,
        ip: request.ip,
        email: 'received',
      });
      return reply.status(201).send(await service.ownView(view));
    },
  );

  app.post(
    api.cancelMyAppointment(':id'),
    { config: { access: 'my-appointments:manage' }, schema: { params: idParams, body: cancelSchema, response: { 200: ownAppointmentSchema } } },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return service.cancelByPatient(view, { ...auditContext(request), details: { via: 'area' } }, request.body.reason);
    },
  );

  app.post(
    api.rescheduleMyAppointment(':id'),
    { config: { access: 'my-appointments:manage' }, schema: { params: idParams, body: rescheduleSchema, response: { 200: ownAppointmentSchema } } },
    async (request) => {
      const view = await request.scope.appointment(request.params.id);
      return service.rescheduleByPatient(view, request.body, { ...auditContext(request), details: { via: 'area' } });
    },
  );
};

export default patientAppointmentRoutes;
