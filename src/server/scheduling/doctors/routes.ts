import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  absenceInputSchema,
  doctorCreateSchema,
  doctorScheduleUpdateSchema,
  doctorSchema,
  doctorUpdateSchema,
} from '../../../common/schemas/doctors';
import { AppError, notFound, pgErrorCode } from '../../platform';
import { sendInvitation } from '../../identity';
import {
  addDoctorAbsence,
  createDoctor,
  doctorWithNextSlot,
  emailInUse,
  listDoctors,
  removeDoctorAbsence,
  replaceDoctorSchedule,
  requireDoctor,
  requireSpecialty,
  updateDoctor,
} from './use-cases';

const idParams = z.object({ id: z.uuid({ error: 'Doctor no encontrado' }) });
const absenceParams = idParams.extend({ absenceId: z.uuid({ error: 'Ausencia no encontrada' }) });

export const doctorsRoutes: RoutePlugin = async (app, deps) => {
  const admin = { access: 'manage:doctors' } as const;

  const present = (id: string) => doctorWithNextSlot(deps, id);

  /** The database refuses overlapping intervals too: answer that in Spanish if a check ever misses it. */
  function scheduleConflict(error: unknown): never {
    if (pgErrorCode(error) === '23P01') {
      throw new AppError(400, 'VALIDATION', 'Hay tramos horarios que se solapan el mismo día', {
        schedule: 'Hay tramos horarios que se solapan el mismo día',
      });
    }
    throw error;
  }

  app.get(
    api.doctors,
    {
      config: admin,
      schema: {
        querystring: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(doctorSchema) },
      },
    },
    async (request) => {
      return listDoctors(deps, request.query.includeInactive === 'true');
    },
  );

  app.get(
    api.doctor(':id'),
    { config: admin, schema: { params: idParams, response: { 200: doctorSchema } } },
    (request) => present(request.params.id),
  );

  app.post(
    api.doctors,
    { config: admin, schema: { body: doctorCreateSchema, response: { 201: doctorSchema } } },
    async (request, reply) => {
      await requireSpecialty(deps, request.body.specialtyId);
      if (await emailInUse(deps, request.body.email)) throw new AppError(409, 'EMAIL_IN_USE');
      let accountId: string;
      try {
        accountId = await createDoctor(deps, request.body);
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError(409, 'EMAIL_IN_USE');
        scheduleConflict(error);
      }
      return reply.status(201).send(await present(accountId));
    },
  );

  app.patch(
    api.doctor(':id'),
    { config: admin, schema: { params: idParams, body: doctorUpdateSchema, response: { 200: doctorSchema } } },
    async (request) => {
      const { id } = request.params;
      await requireDoctor(deps, id);
      if (request.body.specialtyId) await requireSpecialty(deps, request.body.specialtyId);
      await updateDoctor(deps, id, request.body);
      return present(id);
    },
  );

  app.put(
    api.doctorSchedule(':id'),
    { config: admin, schema: { params: idParams, body: doctorScheduleUpdateSchema, response: { 200: doctorSchema } } },
    async (request) => {
      const { id } = request.params;
      await requireDoctor(deps, id);
      try {
        await replaceDoctorSchedule(deps, id, request.body.schedule);
      } catch (error) {
        scheduleConflict(error);
      }
      return present(id);
    },
  );

  app.post(
    api.doctorAbsences(':id'),
    { config: admin, schema: { params: idParams, body: absenceInputSchema, response: { 201: doctorSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      await requireDoctor(deps, id);
      await addDoctorAbsence(deps, id, request.body);
      return reply.status(201).send(await present(id));
    },
  );

  app.delete(
    api.doctorAbsence(':id', ':absenceId'),
    { config: admin, schema: { params: absenceParams, response: { 200: doctorSchema } } },
    async (request) => {
      const { id, absenceId } = request.params;
      if (!(await removeDoctorAbsence(deps, id, absenceId))) throw notFound('Ausencia no encontrada');
      return present(id);
    },
  );

  app.post(
    api.doctorInvitation(':id'),
    { config: admin, schema: { params: idParams, response: { 202: z.object({ sent: z.literal(true) }) } } },
    async (request, reply) => {
      const doctor = await requireDoctor(deps, request.params.id);
      try {
        await sendInvitation(deps, { id: doctor.id, email: doctor.email, displayName: doctor.displayName }, 'doctor');
      } catch {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'No se pudo enviar la invitación. Inténtalo de nuevo en unos minutos.',
        );
      }
      return reply.status(202).send({ sent: true });
    },
  );
};
