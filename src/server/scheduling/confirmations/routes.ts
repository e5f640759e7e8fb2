import { answersInRange, answersOf, appointmentAnswered } from './use-cases';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import { appointmentRangeQuerySchema } from '../../../common/schemas/appointments';
import {
  PATIENT_ANSWERS,
  answersQuerySchema,
  appointmentAnswersSchema,
  reminderAnswerResultSchema,
} from '../../../common/schemas/confirmations';
import { notFound, toInstant } from '../../platform';
import { auditContext } from '../../platform';
import type { AppointmentAnswerRow } from './repository';

const tokenParams = z.object({ token: z.string().max(100) });
const answerBody = z.object({ answer: z.enum(PATIENT_ANSWERS, { error: 'Respuesta no válida' }) });
const presentAnswers = (rows: AppointmentAnswerRow[]) => ({
  answers: rows.map((row) => ({
    appointmentId: row.appointmentId,
    answer: row.answer,
    answeredAt: row.answeredAt.toISOString(),
    via: row.via,
  })),
});
const BOOKING_NOT_FOUND = 'No encontramos esta cita. Revisa que el enlace esté completo o llama a la clínica.';

/**
 * The patient's answer to the reminder (public: the signed link is the proof), and the answers the
 * desk's screens show beside each appointment.
 */
export const confirmationsRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.confirmations;

  app.post(
    api.public.answerBooking(':token'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.bookingAnswer },
      schema: { params: tokenParams, body: answerBody, response: { 200: reminderAnswerResultSchema } },
    },
    async (request) => {
      const id = await deps.appointments.verifyManageToken(request.params.token);
      const view = id ? await appointmentAnswered(deps, id) : undefined;
      if (!view) throw notFound(BOOKING_NOT_FOUND);
      const who = { ...auditContext(request), details: { via: 'reminder' } };
      return request.body.answer === 'confirmed' ? service.confirm(view, who) : service.decline(view, who);
    },
  );

  app.get(
    api.appointmentAnswers,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: answersQuerySchema, response: { 200: appointmentAnswersSchema } },
    },
    async (request) => presentAnswers(await answersOf(deps, request.query.ids)),
  );

  app.get(
    api.appointmentAnswersRange,
    {
      config: { access: 'list:appointments' },
      schema: { querystring: appointmentRangeQuerySchema, response: { 200: appointmentAnswersSchema } },
    },
    async (request) => {
      const { from, to, doctorId } = request.query;
      return presentAnswers(await answersInRange(deps, { from: toInstant(from), to: toInstant(to), doctorId }));
    },
  );
};
