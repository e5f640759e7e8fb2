import type { AppointmentChannel, AppointmentStatus } from '../../../common/schemas/appointments';
import type { MinorDetails } from '../../../common/schemas/minors';
import {
  AppError,
  pgErrorCode,
  plus,
  transact,
  type AuditContext,
  type ClinicSettingsRow,
  type Tx,
} from '../../platform';
import type { VisitPayerInput } from '../../../common/schemas/insurer-visits';
import { holdDepositIn, insurerVisitFor, PRIVATE_PAYER, setVisitPayerIn } from '../../billing';
import type { DoctorRecord } from '../doctors/repository';
import type { AfterBookingStep, BookingInProgress, BookingSource } from './after-booking';
import type { AppointmentDeps } from './appointment-deps';
import { beforeEmail } from './appointment-mail';
import { bookableService, minorDetails, requireSensibleLength, requireWithinHours } from './booking-rules';
import { requireOnlineService } from './online-services';
import type { NoticedView } from './present';
import { SlotTakenError } from './repository';
import { activeDoctor, requireFreeSlot, slotTaken } from './slots';

/** The work that finds or makes a patient's record inside the booking's transaction (a public booking's). */
export type PatientInTransaction = (tx: Tx) => Promise<{ id: string }>;

/** One booking, whoever makes it: the variations are inputs, the rules follow from `source`. */
export interface BookingInput {
  source: BookingSource;
  doctorId: string;
  startsAt: Date;
  /** The desk's end (its own, or the service's or the doctor's length); an offer's end (its length). */
  endsAt?: Date;
  reason: string;
  /** The service booked («Servicios y tarifas»): bookable online for the patient's own booking. */
  serviceId?: string | null;
  /** How the desk took it (phone, in person…); a booking made online is `web`. */
  channel?: AppointmentChannel;
  /** The desk books outside the doctor's hours, on an absence or a holiday only when it says so. */
  allowOutsideHours?: boolean;
  /**
   * Whom the visit is for: a record's id, or (the public page) how to find or make the record, asked once the
   * booking's checks pass; it answers the work run inside the booking's transaction, so a refused booking
   * leaves no record behind.
   */
  patient: string | (() => Promise<PatientInTransaction>);
  /** A booking online for a specialty of minors (Pediatría): the child (asked for) and the guardian, who books. */
  minor?: { details: MinorDetails | undefined; guardianName: string };
  /** Who books, from where: the audit's actor (null for a visitor or an offer's link) and address. */
  by: AuditContext;
  /** The clinic's settings when the caller has already read them. */
  settings?: ClinicSettingsRow;
  /** The desk's «Privado» or «Aseguradora» (decision 0118); a patient's own booking is «Privado». */
  payer?: VisitPayerInput;
}

interface SourceRules {
  /** `free`: one of the doctor's free slots (held ones busy, or free for the offer that holds them); `desk`: any time. */
  time: { kind: 'free'; held: 'busy' | 'free' } | { kind: 'desk' };
  /** `online`: bookable online (checked), `desk`: active and performed (checked), `offered`: the entry's own. */
  service: 'online' | 'desk' | 'offered';
  /** The patient's own request waits for the clinic when it asks so; the desk's is confirmed. */
  confirmed: boolean;
  email: 'received' | 'confirmed';
}

const ONLINE: SourceRules = {
  time: { kind: 'free', held: 'busy' },
  service: 'online',
  confirmed: false,
  email: 'received',
};

const RULES: Record<BookingSource, SourceRules> = {
  public: ONLINE,
  'patient-area': ONLINE,
  // The slot is held for the list: the offer's own booking ignores the hold.
  'waiting-list': { time: { kind: 'free', held: 'free' }, service: 'offered', confirmed: false, email: 'received' },
  desk: { time: { kind: 'desk' }, service: 'desk', confirmed: true, email: 'confirmed' },
};

const PATIENT_UNKNOWN = 'Elige un paciente de la lista';

/** The time booked and its service, by the source's rules (404, 400, 409 SLOT_TAKEN, 422 before anything is written). */
async function bookedTime(
  deps: AppointmentDeps,
  rules: SourceRules,
  doctor: DoctorRecord,
  input: BookingInput,
  settings: ClinicSettingsRow,
): Promise<{ startsAt: Date; endsAt: Date; serviceId: string | null }> {
  if (rules.time.kind === 'desk') {
    const booked = input.serviceId ? await bookableService(deps, input.serviceId, doctor) : undefined;
    const { startsAt } = input;
    const endsAt = input.endsAt ?? plus(startsAt, { minutes: booked?.durationMinutes ?? doctor.appointmentMinutes });
    requireSensibleLength(startsAt, endsAt);
    await requireWithinHours(deps, doctor, startsAt, endsAt, input.allowOutsideHours ?? false);
    return { startsAt, endsAt, serviceId: booked?.id ?? null };
  }
  let minutes: number | undefined;
  let serviceId: string | null = null;
  if (input.serviceId && rules.service === 'online') {
    const booked = await requireOnlineService(deps.repos, input.serviceId, { doctor });
    minutes = booked.durationMinutes;
    serviceId = booked.id;
  } else if (input.serviceId) {
    // An entry with a service was offered a slot of its length: booked for that length, naming the service.
    minutes = input.endsAt ? (input.endsAt.getTime() - input.startsAt.getTime()) / 60_000 : undefined;
    serviceId = input.serviceId;
  }
  const slot = await requireFreeSlot(deps, doctor, input.startsAt, undefined, rules.time.held, settings, minutes);
  return { startsAt: slot.startsAt, endsAt: slot.endsAt, serviceId };
}

/**
 * The one booking use case, for the public page, the paciente's area, the desk and an accepted waiting-list offer.
 * Checks the doctor, the service and the time by the source's rules (and the child of a booking for minors), then
 * creates the appointment (with its history, audit entry and live event, in one statement) and runs the after-booking
 * steps the contexts registered (`after-booking.ts`: forms' consents and questionnaires, the patient's e-mail or the
 * desk's call task) in the same transaction; a lost race answers the 409 with fresh slots. After the commit, the
 * steps' after-commit parts (the waiting list's offer marked as booked by the desk).
 */
export async function bookAppointment(deps: AppointmentDeps, input: BookingInput): Promise<NoticedView> {
  const rules = RULES[input.source];
  // Read once for the whole booking (the slot, the status, the e-mail).
  const settings = input.settings ?? (await deps.repos.clinic.getSettings());
  const doctor = await activeDoctor(deps, input.doctorId);
  const time = await bookedTime(deps, rules, doctor, input, settings);
  const minor = input.minor ? await minorDetails(deps, doctor, input.minor.details, input.minor.guardianName) : null;
  const patient = typeof input.patient === 'string' ? input.patient : await input.patient();
  // «Aseguradora» is the desk's to choose, checked before anything is written (a refusal says why, on the field).
  const payer =
    rules.time.kind === 'desk' && typeof patient === 'string'
      ? await insurerVisitFor(deps, { patientId: patient, serviceId: time.serviceId }, input.payer)
      : PRIVATE_PAYER;
  const status: AppointmentStatus =
    rules.confirmed || !settings.bookingsRequireConfirmation ? 'confirmada' : 'pendiente';
  const steps = deps.afterBooking.steps;
  await beforeEmail(deps, settings);
  for (const step of steps) await step.prepare?.();
  let booking: BookingInProgress;
  try {
    booking = await transact(deps.db, async (tx) => {
      const patientId = typeof patient === 'string' ? patient : (await patient(tx)).id;
      const appointment = await deps.repos.appointments.create(
        {
          patientId,
          doctorId: doctor.id,
          startsAt: time.startsAt,
          endsAt: time.endsAt,
          reason: input.reason,
          channel: input.channel ?? 'web',
          status,
          createdBy: input.by.actor?.id ?? null,
          audit: input.by,
          serviceId: time.serviceId,
        },
        tx,
      );
      if (minor) await deps.repos.appointmentMinors.add(appointment.id, minor, tx);
      // A service that asks a deposit holds the time until it is paid (decision 0121).
      if (rules.service === 'online') {
        await holdDepositIn(deps, tx, { appointmentId: appointment.id, serviceId: time.serviceId, patientId });
      }
      const insurerName = payer.payer === 'aseguradora' ? await setVisitPayerIn(deps, appointment.id, payer, tx) : null;
      const started: BookingInProgress = {
        source: input.source,
        appointment: { ...appointment, ...payer, insurerName },
        settings,
        by: input.by,
        email: rules.email,
        questionnaires: [],
        notices: [],
      };
      for (const step of steps) await step.inTransaction?.(started, tx);
      return started;
    });
  } catch (error) {
    if (error instanceof SlotTakenError) {
      // A booked service's fresh slots are of its length.
      const minutes = time.serviceId ? (time.endsAt.getTime() - time.startsAt.getTime()) / 60_000 : undefined;
      throw await slotTaken(deps, doctor, time.startsAt, settings, minutes);
    }
    // The desk's patient id names no record (foreign key): said in Spanish, without a lookup before every booking.
    if (input.source === 'desk' && pgErrorCode(error) === '23503') {
      throw new AppError(400, 'VALIDATION', PATIENT_UNKNOWN, { patientId: PATIENT_UNKNOWN });
    }
    throw error;
  }
  await afterCommit(deps, steps, booking);
  return {
    ...booking.appointment,
    notices: booking.notices,
    questionnairesAsked: booking.questionnaires.map((link) => link.title),
  };
}

/** The after-commit parts, in order; one that fails is logged and never fails the booking, which has committed. */
async function afterCommit(deps: AppointmentDeps, steps: readonly AfterBookingStep[], booking: BookingInProgress) {
  for (const step of steps) {
    try {
      await step.afterCommit?.(booking);
    } catch (error) {
      deps.log.warn({ err: (error as Error).name, step: step.name }, 'after-booking step failed after the commit');
    }
  }
}
