import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { paths } from '../../../common/paths';
import { AFTERNOON_STARTS_MINUTE, OFFERS_PER_SLOT, type PartOfDay } from '../../../common/schemas/waiting-list';
import { waitingOfferEmail } from '../../mail/waiting-list-emails';
import { dateInZone } from '../availability/slots';
import type { ClinicSettingsRow } from '../clinic/repository';
import type { DoctorRecord } from '../doctors/repository';
import { newSecretToken } from '../auth/tokens';


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
}

/**
 * Sends the offers of free slots of one doctor: each slot to the first OFFERS_PER_SLOT waiting entries
 * that match it (FIFO) and have an e-mail, at most one slot per entry per call. Each offer and its e-mail
 * are written in one transaction; the e-mail is keyed to the freeing appointment so undoing the change
 * cancels it before it leaves (`outbox.cancelForAppointmentSince`).
 */
export function createOfferSender(app: FastifyInstance) {
  const { repos } = app;

  return async function offerSlots(
    doctor: DoctorRecord,
    slots: { startsAt: Date; endsAt: Date }[],
    settings: ClinicSettingsRow,
    options: OfferOptions = {},
  ): Promise<number> {
    let sent = 0;
    const served = new Set<string>();
    for (const slot of slots) {
      const day = dateInZone(slot.startsAt, settings.timeZone);
      const candidates = (await repos.waitingList.candidates(doctor, day, slot.startsAt)).filter(
        (entry) => !served.has(entry.id) && inPartOfDay(slot.startsAt, entry.partOfDay, settings.timeZone),
      );
      const chosen: { entry: (typeof candidates)[number]; email: string; firstName: string }[] = [];
      for (const entry of candidates) {
        if (chosen.length >= OFFERS_PER_SLOT) break;
        const patient = await repos.patients.findById(entry.patientId);
        // Without an e-mail there is no link to send: the desk sees them on the list and calls.
        if (patient?.email) chosen.push({ entry, email: patient.email, firstName: patient.firstName });
      }
      for (const { entry, email, firstName } of chosen) {
        served.add(entry.id);
        const { token, id: tokenHash } = newSecretToken();
        const created = await app.database.db.transaction(async (tx) => {
          const offer = await repos.waitingList.insertOffer(
            {
              entryId: entry.id,
              doctorId: doctor.id,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              sourceAppointmentId: options.sourceAppointmentId ?? null,
              tokenHash,
              expiresAt: slot.startsAt,
            },
            tx,
          );
          if (!offer) return false;
          const outboxId = await app.outbox.enqueue(
            waitingOfferEmail({
              to: email,
              patientName: firstName,
              clinic: { name: settings.name, phone: settings.phone, timeZone: settings.timeZone },
              startsAt: slot.startsAt,
              doctorName: doctor.displayName,
              specialty: doctor.specialty,
              offerUrl: `${app.config.publicUrl}${paths.waitingOffer(token)}`,
              sharedWith: chosen.length,
            }),
            { tx, kind: 'waiting-list-offer', appointmentId: options.sourceAppointmentId ?? null, deliverAfter: options.deliverAfter },
          );
          await repos.waitingList.setOfferOutbox(offer.id, outboxId, tx);
          return true;
        });
        if (created) sent++;
      }
    }
    return sent;
  };
}
