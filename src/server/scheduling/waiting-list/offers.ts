import { Temporal } from 'temporal-polyfill';
import { paths } from '../../../common/paths';
import {
  AFTERNOON_STARTS_MINUTE,
  OFFER_HOLD_MINUTES,
  OFFERS_PER_SLOT,
  type PartOfDay,
} from '../../../common/schemas/waiting-list';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { clock, earliestOf, plus } from '../../platform';
import { waitingOfferEmail } from './emails';
import { dateInZone } from '../../platform';
import type { ClinicSettingsRow } from '../../platform';
import type { DoctorRecord } from '../doctors/repository';
import { newSecretToken } from '../../identity';
import type { AuditEntry } from '../../platform';
import type { PatientRow } from '../../identity';
import { createDeskNotices } from '../../communications';
import { transact } from '../../platform';
import type { CoreDeps } from '../deps';
import { performs } from '../../../common/schemas/clinic-services';
import type { ClinicServiceRecord } from '../../billing';
import type { AppointmentService } from '../appointments/service';

/** Whether an instant falls in the wished part of the day, by the clinic's wall clock. */
export function inPartOfDay(startsAt: Date, partOfDay: PartOfDay, timeZone: string): boolean {
  if (partOfDay === 'cualquiera') return true;
  const zoned = Temporal.Instant.fromEpochMilliseconds(startsAt.getTime()).toZonedDateTimeISO(timeZone);
  const afternoon = zoned.hour * 60 + zoned.minute >= AFTERNOON_STARTS_MINUTE;
  return partOfDay === 'tarde' ? afternoon : !afternoon;
}

export interface OfferOptions {
  /** The cancelled or moved appointment that freed the slots: its undo cancels these e-mails too. */
  sourceAppointmentId?: string | null;
  /** Held until then (the freeing change's undo window). */
  deliverAfter?: Date;
  /** Who freed the slot (the desk task for a patient without e-mail goes to this admin). */
  actor?: AuditEntry['actor'];
}

/** What one round of offers did: how many offers, and the desk's calls for patients without e-mail. */
export interface OffersMade {
  sent: number;
  notices: DeskNotice[];
}

/** Until when an offer holds its slot: OFFER_HOLD_MINUTES from when it leaves, never past the slot's start. */
export function offerExpiry(slotStartsAt: Date, leavesAt: Date): Date {
  return earliestOf(slotStartsAt, plus(leavesAt, { minutes: OFFER_HOLD_MINUTES }));
}

type SlotRange = { startsAt: Date; endsAt: Date };
/** A free slot of the doctor's length; `servicesOnly` when only a service's longer visit made it worth offering. */
export type OfferedSlot = SlotRange & { servicesOnly?: boolean };

/**
 * The range a waiting entry is offered from a free slot's start: the slot itself for an entry without a
 * service; for one with a service, the service's length from that start, when the doctor performs the (active)
 * service and that whole length is free (held slots count as busy); otherwise none. Each day and length is
 * asked once per round.
 */
/** What an entry is offered: the range, and the service it is sized for when her wish named one. */
type SizedSlot = SlotRange & { service?: { name: string; minutes: number } };

function createSlotSizer(
  deps: Pick<CoreDeps, 'repos'> & { appointments: Pick<AppointmentService, 'availability'> },
  doctor: DoctorRecord,
  settings: ClinicSettingsRow,
) {
  const services = new Map<string, Promise<ClinicServiceRecord | undefined>>();
  const free = new Map<string, Promise<Set<number>>>();
  return async (serviceId: string | null, slot: SlotRange, day: string): Promise<SizedSlot | null> => {
    if (!serviceId) return slot;
    if (!services.has(serviceId)) services.set(serviceId, deps.repos.clinicServices.findById(serviceId));
    const service = await services.get(serviceId);
    if (!service?.active || !performs(service, doctor)) return null;
    const minutes = service.durationMinutes;
    const key = `${day}|${minutes}`;
    if (!free.has(key)) {
      free.set(
        key,
        deps.appointments
          .availability([doctor], day, day, settings, undefined, 'busy', minutes)
          .then(([result]) => new Set((result?.slots ?? []).map((free) => free.startsAt.getTime()))),
      );
    }
    if (!(await free.get(key))!.has(slot.startsAt.getTime())) return null;
    return {
      startsAt: slot.startsAt,
      endsAt: plus(slot.startsAt, { minutes }),
      service: { name: service.name, minutes },
    };
  };
}

/**
 * The free slots a freed time opens: the doctor's slots overlapping it and, for the services wished on the list,
 * the starts where a whole visit of that length now fits and overlaps it (offered only to entries with a service:
 * `servicesOnly`), earliest first.
 */
export async function freedSlots(
  deps: Pick<CoreDeps, 'repos'> & { appointments: Pick<AppointmentService, 'availability'> },
  doctor: DoctorRecord,
  freed: SlotRange,
  day: string,
  settings: ClinicSettingsRow,
): Promise<OfferedSlot[]> {
  const overlapping = async (minutes?: number) => {
    const [result] = await deps.appointments.availability([doctor], day, day, settings, undefined, 'busy', minutes);
    return (result?.slots ?? []).filter((slot) => slot.startsAt < freed.endsAt && slot.endsAt > freed.startsAt);
  };
  const slots = new Map<number, OfferedSlot>();
  for (const slot of await overlapping()) slots.set(slot.startsAt.getTime(), slot);
  for (const minutes of await deps.repos.waitingList.wishedMinutes(doctor)) {
    for (const slot of await overlapping(minutes)) {
      const start = slot.startsAt.getTime();
      if (slots.has(start)) continue;
      const endsAt = plus(start, { minutes: doctor.appointmentMinutes });
      slots.set(start, { startsAt: slot.startsAt, endsAt, servicesOnly: true });
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * Sends the offers of free slots of one doctor: each slot to the first OFFERS_PER_SLOT waiting entries
 * that match it (FIFO), at most one slot per entry per call. Each offer holds its slot from public booking
 * until it expires (`offerExpiry`). A patient with e-mail gets the offer's e-mail, keyed to the freeing
 * appointment so undoing the change cancels it before it leaves (`outbox.cancelForAppointmentSince`); one
 * without e-mail becomes a desk task «Llamar a … para ofrecerle el hueco del …». Each offer and its e-mail
 * or task are written in one transaction.
 */
export function createOfferSender(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'> & {
    appointments: Pick<AppointmentService, 'availability'>;
  },
) {
  const { repos } = deps;
  const deskNotices = createDeskNotices(repos);

  return async function offerSlots(
    doctor: DoctorRecord,
    slots: OfferedSlot[],
    settings: ClinicSettingsRow,
    options: OfferOptions = {},
  ): Promise<OffersMade> {
    const made: OffersMade = { sent: 0, notices: [] };
    const served = new Set<string>();
    const sized = createSlotSizer(deps, doctor, settings);
    for (const slot of slots) {
      const day = dateInZone(slot.startsAt, settings.timeZone);
      const candidates = (await repos.waitingList.candidates(doctor, day, slot.startsAt)).filter(
        (entry) =>
          !served.has(entry.id) &&
          (!slot.servicesOnly || entry.serviceId) &&
          inPartOfDay(slot.startsAt, entry.partOfDay, settings.timeZone),
      );
      const chosen: { entry: (typeof candidates)[number]; patient: PatientRow; range: SizedSlot }[] = [];
      for (const entry of candidates) {
        if (chosen.length >= OFFERS_PER_SLOT) break;
        // An entry with a service is offered this start only when its whole length is free there.
        const range = await sized(entry.serviceId, slot, day);
        if (!range) continue;
        const patient = await repos.patients.findById(entry.patientId);
        if (patient) chosen.push({ entry, patient, range });
      }
      const expiresAt = offerExpiry(slot.startsAt, options.deliverAfter ?? clock.now());
      for (const { entry, patient, range } of chosen) {
        served.add(entry.id);
        const { token, id: tokenHash } = newSecretToken();
        const created = await transact(deps.db, async (tx) => {
          const offer = await repos.waitingList.insertOffer(
            {
              entryId: entry.id,
              doctorId: doctor.id,
              startsAt: range.startsAt,
              endsAt: range.endsAt,
              sourceAppointmentId: options.sourceAppointmentId ?? null,
              tokenHash,
              expiresAt,
            },
            tx,
          );
          if (!offer) return false;
          if (!patient.email) {
            // No link to send: the desk calls her, and the slot is held for her meanwhile.
            const notice = await deskNotices.forOffer(tx, {
              offerId: offer.id,
              sourceAppointmentId: options.sourceAppointmentId ?? null,
              patient: {
                id: patient.id,
                firstName: patient.firstName,
                lastName: patient.lastName,
                phone: patient.phone ?? '',
              },
              startsAt: slot.startsAt,
              heldUntil: expiresAt,
              doctorName: doctor.displayName,
              specialty: doctor.specialty,
              timeZone: settings.timeZone,
              actor: options.actor ?? null,
            });
            if (notice) made.notices.push(notice);
            return true;
          }
          const outboxId = await deps.outbox.enqueue(
            waitingOfferEmail({
              to: patient.email,
              patientName: patient.firstName,
              clinic: { name: settings.name, phone: settings.phone, timeZone: settings.timeZone },
              startsAt: slot.startsAt,
              heldUntil: expiresAt,
              doctorName: doctor.displayName,
              specialty: doctor.specialty,
              service: range.service,
              offerUrl: `${deps.config.publicUrl}${paths.waitingOffer(token)}`,
              sharedWith: chosen.length,
            }),
            {
              tx,
              kind: 'waiting-list-offer',
              appointmentId: options.sourceAppointmentId ?? null,
              deliverAfter: options.deliverAfter,
            },
          );
          await repos.waitingList.setOfferOutbox(offer.id, outboxId, tx);
          return true;
        });
        if (created) made.sent++;
      }
    }
    return made;
  };
}
