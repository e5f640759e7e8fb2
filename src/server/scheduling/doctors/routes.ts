import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  absenceInputSchema,
  doctorCreateSchema,
  doctorScheduleUpdateSchema,
  doctorSchema,
  doctorUpdateSchema,
  type WorkingInterval,
} from '../../../common/schemas/doctors';
import { timeToMinutes } from '../../../common/time';
import { AppError, notFound, pgErrorCode } from '../../platform';
import { createAccountWithProfile } from '../../identity';
import { sendInvitation } from '../../identity';
import { nextFreeSlots } from './next-free-slot';
import { dateInZone } from '../../platform';
import { clock } from '../../platform';
import { presentDoctor } from './presenters';
import { transact } from '../../platform';

const idParams = z.object({ id: z.uuid({ error: 'Doctor no encontrado' }) });
const absenceParams = idParams.extend({ absenceId: z.uuid({ error: 'Ausencia no encontrada' }) });
const DOCTOR_NOT_FOUND = 'Doctor no encontrado';

const toMinutes = (schedule: WorkingInterval[]) =>
  schedule.map((interval) => ({
    weekday: interval.weekday,
    startMinute: timeToMinutes(interval.start),
    endMinute: timeToMinutes(interval.end),
  }));

export const doctorsRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.doctors;
  const admin = { access: 'manage:doctors' } as const;

  /** The clinic's holidays and closures over the booking horizon: no doctor's next free slot falls on one. */
  async function closedDays() {
    const settings = await deps.repos.clinic.getSettings();
    const today = dateInZone(clock.now(), settings.timeZone);
    const last = dateInZone(
      new Date(clock.nowMs() + (settings.bookingHorizonDays + 1) * 86_400_000),
      settings.timeZone,
    );
    return deps.repos.holidays.between(today, last);
  }

  async function present(id: string) {
    const doctor = await repo.findById(id);
    if (!doctor) throw notFound(DOCTOR_NOT_FOUND);
    const next = await nextFreeSlots(
      repo,
      await deps.repos.clinic.getSettings(),
      [doctor],
      undefined,
      await closedDays(),
    );
    return presentDoctor(doctor, next.get(doctor.id) ?? null);
  }

  async function requireSpecialty(specialtyId: string) {
    if (!(await repo.findSpecialty(specialtyId))) {
      throw new AppError(400, 'VALIDATION', 'Elige una especialidad de la lista', {
        specialtyId: 'Elige una especialidad de la lista',
      });
    }
  }

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
      const list = await repo.list({ includeInactive: request.query.includeInactive === 'true' });
      const next = await nextFreeSlots(
        repo,
        await deps.repos.clinic.getSettings(),
        list,
        undefined,
        await closedDays(),
      );
      return list.map((doctor) => presentDoctor(doctor, next.get(doctor.id) ?? null));
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
      const { email, displayName, phone, schedule, ...fields } = request.body;
      await requireSpecialty(fields.specialtyId);
      if (await deps.repos.auth.findAccountByEmail(email)) throw new AppError(409, 'EMAIL_IN_USE');
      let accountId: string;
      try {
        accountId = await transact(deps.db, async (tx) => {
          const { account } = await createAccountWithProfile(tx, deps.repos.auth, {
            email,
            displayName,
            role: 'doctor',
            phone: phone || null,
          });
          await repo.create({ id: account.id, ...fields }, tx);
          await repo.replaceSchedule(account.id, toMinutes(schedule), tx);
          await sendInvitation(deps, { id: account.id, email, displayName }, 'doctor', tx);
          return account.id;
        });
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
      if (!(await repo.findById(id))) throw notFound(DOCTOR_NOT_FOUND);
      const { displayName, phone, ...fields } = request.body;
      if (fields.specialtyId) await requireSpecialty(fields.specialtyId);
      await transact(deps.db, async (tx) => {
        if (displayName !== undefined || phone !== undefined) {
          await deps.repos.auth.mergeProfile(
            id,
            {
              ...(displayName !== undefined ? { displayName } : {}),
              ...(phone !== undefined ? { phone: phone || null } : {}),
            },
            tx,
          );
          if (displayName) await deps.repos.auth.updateAccount(id, { displayName }, tx);
        }
        await repo.update(id, fields, tx);
      });
      return present(id);
    },
  );

  app.put(
    api.doctorSchedule(':id'),
    { config: admin, schema: { params: idParams, body: doctorScheduleUpdateSchema, response: { 200: doctorSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.findById(id))) throw notFound(DOCTOR_NOT_FOUND);
      try {
        await transact(deps.db, (tx) => repo.replaceSchedule(id, toMinutes(request.body.schedule), tx));
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
      if (!(await repo.findById(id))) throw notFound(DOCTOR_NOT_FOUND);
      await transact(deps.db, (tx) => repo.addAbsence(id, request.body, tx));
      return reply.status(201).send(await present(id));
    },
  );

  app.delete(
    api.doctorAbsence(':id', ':absenceId'),
    { config: admin, schema: { params: absenceParams, response: { 200: doctorSchema } } },
    async (request) => {
      const { id, absenceId } = request.params;
      if (!(await transact(deps.db, (tx) => repo.deleteAbsence(id, absenceId, tx))))
        throw notFound('Ausencia no encontrada');
      return present(id);
    },
  );

  app.post(
    api.doctorInvitation(':id'),
    { config: admin, schema: { params: idParams, response: { 202: z.object({ sent: z.literal(true) }) } } },
    async (request, reply) => {
      const doctor = await repo.findById(request.params.id);
      if (!doctor) throw notFound(DOCTOR_NOT_FOUND);
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
