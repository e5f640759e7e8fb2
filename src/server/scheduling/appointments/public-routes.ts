import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingConfirmationSchema,
  bookingOptionsSchema,
  cancelSchema,
  ownAppointmentSchema,
  publicBookingSchema,
  rescheduleSchema,
} from '../../../common/schemas/appointments';
import { seesHeldSlots } from '../../access';
import { startDepositPayment } from '../../billing';
import { onlinePaymentInputSchema, redsysFormSchema } from '../../../common/schemas/online-payments';
import { refuseHoneypot, toInstant } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import { bookingOptions, linkedBooking, publicAvailability, publicBooker } from './public-booking';
import { clinicSettings } from './reads';
import { rescheduleAvailability } from './reschedule-availability';
import { rescheduleAvailabilityQuerySchema } from '../../../common/schemas/reschedule-availability';
import { linkedBookingQuerySchema, linkedBookingSchema } from '../../../common/schemas/confirmations';
import { reminderPageOf } from '../confirmations/use-cases';

const tokenParams = z.object({ token: z.string().max(100) });

export const appointmentsPublicRoutes: RoutePlugin = async (app, deps) => {
  const service = deps.appointments;

  app.get(
    api.public.bookingOptions,
    { config: { access: 'public' }, schema: { response: { 200: bookingOptionsSchema } } },
    async () => bookingOptions(deps),
  );

  app.get(
    api.public.availability,
    {
      config: { access: 'public' },
      schema: { querystring: availabilityQuerySchema, response: { 200: availabilitySchema } },
    },
    async (request) =>
      // Slots held for the waiting list are busy for everyone but the desk, who sees them marked.
      publicAvailability(
        deps,
        request.query,
        request.query.conRetenidas && seesHeldSlots(request.user) ? 'mark' : 'busy',
      ),
  );

  app.post(
    api.public.bookings,
    {
      schema: { body: publicBookingSchema, response: { 201: bookingConfirmationSchema } },
      config: { access: 'public', rateLimit: deps.config.limits.publicBooking },
    },
    async (request, reply) => {
      const input = request.body;
      refuseHoneypot(input.website);
      const settings = await clinicSettings(deps);
      const view = await service.book({
        source: 'public',
        doctorId: input.doctorId,
        startsAt: toInstant(input.startsAt),
        reason: input.reason,
        serviceId: input.serviceId,
        // Pediatría: the person who books is the child's guardian.
        minor: { details: input.minor, guardianName: `${input.firstName} ${input.lastName}`.trim() },
        by: auditContext(request),
        settings,
        // Whoever books: her record, found or made in the booking's own transaction (with her reminder channel).
        patient: () => publicBooker(deps, request, input, settings),
      });
      return reply
        .status(201)
        .send({ appointment: await service.ownView(view, settings), manageUrl: await service.manageUrl(view.id) });
    },
  );

  /** The signed link's token is the proof of access to one booking (these routes are public). */
  const byToken = async (token: string) => linkedBooking(deps, await service.verifyManageToken(token));

  /** Whoever holds the link: a visitor (or the signed-in user who opened it), from this address. */
  const viaLink = (request: FastifyRequest) => ({ ...auditContext(request), details: { via: 'link' } });

  app.get(
    api.public.booking(':token'),
    {
      config: { access: 'public' },
      schema: { params: tokenParams, querystring: linkedBookingQuerySchema, response: { 200: linkedBookingSchema } },
    },
    async (request) => {
      // The token is checked before the audited read: checking it reads the signing key, no clinical data.
      const id = await service.verifyManageToken(request.params.token);
      const view = await auditedRead(
        deps.db,
        (db) => linkedBooking(deps, id, db),
        (found) => ({
          ...viaLink(request),
          action: 'read',
          entity: 'appointment',
          entityId: found.id,
          patientId: found.patientId,
        }),
      );
      // The booking's page is the reminder's too: what it asks (answers, forms) comes with it, the forms' links only
      // with the proof the patient's messages carry (decision 0127).
      const withLinks = await service.verifyFormsProof(view.id, request.query.acceso);
      return { ...(await service.ownView(view)), ...(await reminderPageOf(deps, view, withLinks)) };
    },
  );

  app.post(
    api.public.cancelBooking(':token'),
    {
      config: { access: 'public' },
      schema: { params: tokenParams, body: cancelSchema, response: { 200: ownAppointmentSchema } },
    },
    async (request) =>
      service.cancelByPatient(await byToken(request.params.token), viaLink(request), request.body.reason),
  );

  // «Pagar la señal» (decision 0121): the link's booking, while its hold lasts.
  app.post(
    api.public.bookingDepositPayment(':token'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.onlinePayment },
      schema: { params: tokenParams, body: onlinePaymentInputSchema, response: { 200: redsysFormSchema } },
    },
    async (request) => {
      const view = await byToken(request.params.token);
      return startDepositPayment(deps, view.id, request.body.method);
    },
  );

  app.get(
    api.public.bookingAvailability(':token'),
    {
      config: { access: 'public' },
      schema: {
        params: tokenParams,
        querystring: rescheduleAvailabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => rescheduleAvailability(deps, await byToken(request.params.token), request.query, 'busy'),
  );

  app.post(
    api.public.rescheduleBooking(':token'),
    {
      config: { access: 'public' },
      schema: { params: tokenParams, body: rescheduleSchema, response: { 200: ownAppointmentSchema } },
    },
    async (request) => service.rescheduleByPatient(await byToken(request.params.token), request.body, viaLink(request)),
  );
};
