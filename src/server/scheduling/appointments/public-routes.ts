import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { performs } from '../../../common/schemas/clinic-services';
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
import { recordForPublicRequest } from '../../identity';
import { notFound, refuseHoneypot } from '../../platform';
import { auditedRead, auditContext } from '../../platform';
import { onlineServices, requireOnlineService } from './online-services';
import { availabilityOut } from './availability-out';
import { rescheduleAvailability } from './reschedule-availability';
import { bookingChannelChoice, recordBookingChannel } from '../../communications';
import { offeredChannels } from '../../communications';
import { rescheduleAvailabilityQuerySchema } from '../../../common/schemas/reschedule-availability';

const tokenParams = z.object({ token: z.string().max(100) });
const BOOKING_NOT_FOUND = 'No encontramos esta cita. Revisa que el enlace esté completo o llama a la clínica.';

export const appointmentsPublicRoutes: RoutePlugin = async (app, deps) => {
  const { repos } = deps;
  const service = deps.appointments;

  app.get(
    api.public.bookingOptions,
    { config: { access: 'public' }, schema: { response: { 200: bookingOptionsSchema } } },
    async () => {
      const [settings, doctors, specialtyRows, services] = await Promise.all([
        repos.clinic.getSettings(),
        repos.doctors.list(),
        repos.doctors.listSpecialties(),
        repos.clinicServices.list(),
      ]);
      const forMinors = new Set(specialtyRows.filter((row) => row.forMinors).map((row) => row.id));
      const bookable = doctors.filter((doctor) => doctor.schedule.length > 0);
      const specialties = new Map(bookable.map((doctor) => [doctor.specialtyId, doctor.specialty]));
      return {
        timeZone: settings.timeZone,
        bookingHorizonDays: settings.bookingHorizonDays,
        specialties: [...specialties]
          .map(([id, name]) => ({ id, name, forMinors: forMinors.has(id) }))
          .sort((a, b) => a.name.localeCompare(b.name, 'es')),
        doctors: bookable.map((doctor) => ({
          id: doctor.id,
          displayName: doctor.displayName,
          specialtyId: doctor.specialtyId,
          specialty: doctor.specialty,
          photoURL: doctor.photoUrl,
          bio: doctor.bio,
          appointmentMinutes: doctor.appointmentMinutes,
        })),
        services: onlineServices(services, bookable),
        reminderChannels: offeredChannels(settings.messageChannels, deps.channels.providersOn()),
      };
    },
  );

  app.get(
    api.public.availability,
    {
      config: { access: 'public' },
      schema: { querystring: availabilityQuerySchema, response: { 200: availabilitySchema } },
    },
    async (request) => {
      const { doctorId, specialtyId, serviceId, from, to, conRetenidas } = request.query;
      const settings = await repos.clinic.getSettings();
      const chosen = doctorId ? await service.activeDoctor(doctorId) : undefined;
      // A service: its length, and of the specialty only the doctors who perform it.
      const booked = serviceId
        ? await requireOnlineService(repos, serviceId, { specialtyId, doctor: chosen })
        : undefined;
      const doctors = chosen
        ? [chosen]
        : (await repos.doctors.list({ specialtyId: specialtyId ?? booked?.specialtyId })).filter(
            (doctor) => !booked || performs(booked, doctor),
          );
      // Slots held for the waiting list are busy for everyone but the desk, who sees them marked.
      const held = conRetenidas && seesHeldSlots(request.user) ? 'mark' : 'busy';
      const [results, holidays] = await Promise.all([
        service.availability(doctors, from, to, settings, undefined, held, booked?.durationMinutes),
        service.closedDays(from, to),
      ]);
      return availabilityOut(settings.timeZone, results, undefined, holidays);
    },
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
      // Read once for the whole booking (the slot, the status, the e-mail, the answer).
      const settings = await repos.clinic.getSettings();
      const doctor = await service.activeDoctor(input.doctorId);
      const booked = input.serviceId ? await requireOnlineService(repos, input.serviceId, { doctor }) : undefined;
      const startsAt = new Date(input.startsAt);
      const slot = await service.requireFreeSlot(
        doctor,
        startsAt,
        undefined,
        'busy',
        settings,
        booked?.durationMinutes,
      );
      // Pediatría: the person who books is the child's guardian.
      const minor = await service.minorDetails(doctor, input.minor, `${input.firstName} ${input.lastName}`.trim());

      // The record of whoever books (the rule lives in access/, shared with the public waiting list): found
      // or made in the booking's own transaction, so a slot lost meanwhile leaves no record behind.
      // Her reminder channel, when she chose one: refused before anything is written if the clinic does not offer
      // it or a phone's lacks her consent; recorded only on a record this booking creates.
      const offered = offeredChannels(settings.messageChannels, deps.channels.providersOn());
      const choice = bookingChannelChoice(offered, input);
      const patient = await recordForPublicRequest(
        deps,
        request,
        input,
        'booking',
        choice ? (created, tx) => recordBookingChannel(repos, request, created.id, choice, tx) : undefined,
      );
      const view = await service.create({
        doctor,
        patient,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        reason: input.reason,
        channel: 'web',
        status: settings.bookingsRequireConfirmation ? 'pendiente' : 'confirmada',
        actor: request.user,
        ip: request.ip,
        email: 'received',
        minor,
        settings,
        serviceId: booked?.id ?? null,
      });
      return reply
        .status(201)
        .send({ appointment: await service.ownView(view, settings), manageUrl: await service.manageUrl(view.id) });
    },
  );

  /** The signed link's token is the proof of access to one booking (these routes are public). */
  async function byToken(token: string) {
    const id = await service.verifyManageToken(token);
    const view = id ? await repos.appointments.findView(id) : undefined;
    if (!view) throw notFound(BOOKING_NOT_FOUND);
    return view;
  }

  /** Whoever holds the link: a visitor (or the signed-in user who opened it), from this address. */
  const viaLink = (request: FastifyRequest) => ({ ...auditContext(request), details: { via: 'link' } });

  app.get(
    api.public.booking(':token'),
    { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: ownAppointmentSchema } } },
    async (request) => {
      // The token is checked before the audited read: checking it reads the signing key, no clinical data.
      const id = await service.verifyManageToken(request.params.token);
      const view = await auditedRead(
        deps.db,
        async (db) => {
          const found = id ? await repos.appointments.findView(id, db) : undefined;
          if (!found) throw notFound(BOOKING_NOT_FOUND);
          return found;
        },
        (found) => ({
          ...viaLink(request),
          action: 'read',
          entity: 'appointment',
          entityId: found.id,
          patientId: found.patientId,
        }),
      );
      return service.ownView(view);
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
