import { Temporal } from 'temporal-polyfill';
import { paths } from '../../../common/paths';
import {
  AFTERNOON_STARTS_MINUTE,
  OFFER_HOLD_MINUTES,
  OFFERS_PER_SLOT,
  type PartOfDay,
} from '../../../common/schemas/waiting-list';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { clock } from '../../clock';
import { waitingOfferEmail } from '../../mail/waiting-list-emails';
import { dateInZone } from '../availability/slots';
import type { ClinicSettingsRow } from '../clinic/repository';
import type { DoctorRecord } from '../doctors/repository';
import { newSecretToken } from '../auth/tokens';
import type { AuditEntry } from '../audit/repository';
import type { PatientRow } from '../patients/repository';
import { createDeskNotices } from '../tasks/desk-notices';
import { transact } from '../../db/transaction';
import type { CoreDeps } from '../deps';

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
  return new Date(Math.min(slotStartsAt.getTime(), leavesAt.getTime() + OFFER_HOLD_MINUTES * 60_000));
}

/**
 * Sends the offers of free slots of one doctor: each slot to the first OFFERS_PER_SLOT waiting entries
 * that match it (FIFO), at most one slot per entry per call. Each offer holds its slot from public booking
 * until it expires (`offerExpiry`). A patient with e-mail gets the offer's e-mail, keyed to the freeing
 * appointment so undoing the change cancels it before it leaves (`outbox.cancelForAppointmentSince`); one
 * without e-mail becomes a desk task «Llamar a … para ofrecerle el hueco del …». Each offer and its e-mail
 * or task are written in one transaction.
 */
export function createOfferSender(deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'>) {
  const { repos } = deps;
  const deskNotices = createDeskNotices(repos);

  return async function offerSlots(
    doctor: DoctorRecord,
    slots: { startsAt: Date; endsAt: Date }[],
    settings: ClinicSettingsRow,
    options: OfferOptions = {},
  ): Promise<OffersMade> {
    const made: OffersMade = { sent: 0, notices: [] };
    const served = new Set<string>();
    for (const slot of slots) {
      const day = dateInZone(slot.startsAt, settings.timeZone);
      const candidates = (await repos.waitingList.candidates(doctor, day, slot.startsAt)).filter(
        (entry) => !served.has(entry.id) && inPartOfDay(slot.startsAt, entry.partOfDay, settings.timeZone),
      );
      const chosen: { entry: (typeof candidates)[number]; patient: PatientRow }[] = [];
      for (const entry of candidates) {
        if (chosen.length >= OFFERS_PER_SLOT) break;
        const patient = await repos.patients.findById(entry.patientId);
        if (patient) chosen.push({ entry, patient });
      }
      const expiresAt = offerExpiry(slot.startsAt, options.deliverAfter ?? clock.now());
      for (const { entry, patient } of chosen) {
        served.add(entry.id);
        const { token, id: tokenHash } = newSecretToken();
        const created = await transact(deps.db, async (tx) => {
          const offer = await repos.waitingList.insertOffer(
            {
              entryId: entry.id,
              doctorId: doctor.id,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
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
