import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { performs } from '../../../common/schemas/clinic-services';
import type {
  availabilityQuerySchema,
  BookingOptions,
  publicBookingSchema,
} from '../../../common/schemas/appointments';
import { bookingChannelChoice, offeredChannels, recordBookingChannel } from '../../communications';
import { recordForPublicRequest } from '../../identity';
import { notFound, type ClinicSettingsRow, type Db } from '../../platform';
import type { CoreDeps } from '../deps';
import { availabilityOut } from './availability-out';
import type { PatientInTransaction } from './book';
import { onlineServices, requireOnlineService } from './online-services';
import { activeDoctor, availability, closedDays } from './slots';

const BOOKING_NOT_FOUND = 'No encontramos esta cita. Revisa que el enlace esté completo o llama a la clínica.';

type PublicDeps = Pick<CoreDeps, 'repos' | 'channels'>;

/** What /agendar-cita offers: the specialties, the doctors with hours, the services bookable online, the channels. */
export async function bookingOptions(deps: PublicDeps): Promise<BookingOptions> {
  const { repos } = deps;
  const [settings, doctors, specialtyRows, services, secret] = await Promise.all([
    repos.clinic.getSettings(),
    repos.doctors.list(),
    repos.doctors.listSpecialties(),
    repos.clinicServices.list(),
    repos.onlinePayments.secret(),
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
    services: onlineServices(services, bookable, Boolean(settings.redsysMerchantCode && secret)),
    reminderChannels: offeredChannels(settings.messageChannels, deps.channels.providersOn()),
  };
}

/**
 * The free times of a doctor, or of a specialty's doctors (of a service: its length, and only the doctors who
 * perform it), with the clinic's closed days; `held` says how slots held for the waiting list show.
 */
export async function publicAvailability(
  deps: PublicDeps,
  query: z.infer<typeof availabilityQuerySchema>,
  held: 'busy' | 'mark',
) {
  const { repos } = deps;
  const { doctorId, specialtyId, serviceId, from, to } = query;
  const settings = await repos.clinic.getSettings();
  const chosen = doctorId ? await activeDoctor(deps, doctorId) : undefined;
  const booked = serviceId ? await requireOnlineService(repos, serviceId, { specialtyId, doctor: chosen }) : undefined;
  const doctors = chosen
    ? [chosen]
    : (await repos.doctors.list({ specialtyId: specialtyId ?? booked?.specialtyId })).filter(
        (doctor) => !booked || performs(booked, doctor),
      );
  const [results, holidays] = await Promise.all([
    availability(deps, doctors, from, to, settings, undefined, held, booked?.durationMinutes),
    closedDays(deps, from, to),
  ]);
  return availabilityOut(settings.timeZone, results, undefined, holidays);
}

/**
 * Whoever books on the public page (the rule lives in access/, shared with the public waiting list): her record,
 * found or made in the booking's own transaction, so a slot lost meanwhile leaves no record behind. Her reminder
 * channel, when she chose one: refused before anything is written if the clinic does not offer it or a phone's
 * lacks her consent; recorded only on a record this booking creates.
 */
export async function publicBooker(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log' | 'channels'>,
  request: FastifyRequest,
  input: z.infer<typeof publicBookingSchema>,
  settings: ClinicSettingsRow,
): Promise<PatientInTransaction> {
  const offered = offeredChannels(settings.messageChannels, deps.channels.providersOn());
  const choice = bookingChannelChoice(offered, input);
  return recordForPublicRequest(
    deps,
    request,
    input,
    'booking',
    choice ? (created, tx) => recordBookingChannel(deps.repos, request, created.id, choice, tx) : undefined,
  );
}

/** The booking of a manage link (`id`: what its token named, checked by `verifyManageToken`), or 404 with the link's message. */
export async function linkedBooking(deps: Pick<CoreDeps, 'repos'>, id: string | null | undefined, db?: Db) {
  const view = id ? await deps.repos.appointments.findView(id, db) : undefined;
  if (!view) throw notFound(BOOKING_NOT_FOUND);
  return view;
}
