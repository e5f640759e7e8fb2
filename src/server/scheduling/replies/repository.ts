import { and, desc, eq, isNotNull, like } from 'drizzle-orm';
import type { PhoneChannel } from '../../../common/schemas/channels';
import type { Db } from '../../platform';
import { appointments, messageOutbox, patients } from '../../platform';

/** A message with an appointment we sent to a number, with that appointment's patient and time. */
export interface SentToNumber {
  appointmentId: string;
  patientId: string;
  startsAt: Date;
  status: string;
  sentAt: Date;
}

const sentColumns = {
  appointmentId: appointments.id,
  patientId: appointments.patientId,
  startsAt: appointments.startsAt,
  status: appointments.status,
  sentAt: messageOutbox.sentAt,
};

/** All SQL of matching a reply by SMS or WhatsApp to its patient and appointment. */
export function createRepliesRepository(db: Db) {
  return {
    /** The messages with an appointment (reminders, acknowledgments) sent to this number, last sent first. */
    async sentTo(number: string, tx: Db = db): Promise<SentToNumber[]> {
      const rows = await tx
        .select(sentColumns)
        .from(messageOutbox)
        .innerJoin(appointments, eq(appointments.id, messageOutbox.appointmentId))
        .where(and(eq(messageOutbox.toNumber, number), isNotNull(messageOutbox.sentAt)))
        .orderBy(desc(messageOutbox.sentAt), desc(messageOutbox.id))
        .limit(50);
      return rows.map((row) => ({ ...row, sentAt: row.sentAt! }));
    },

    /** Our message of this provider id (the one a WhatsApp reply quotes), if it was about an appointment. */
    async sentAs(channel: PhoneChannel, providerMessageId: string, tx: Db = db): Promise<SentToNumber | undefined> {
      const [row] = await tx
        .select(sentColumns)
        .from(messageOutbox)
        .innerJoin(appointments, eq(appointments.id, messageOutbox.appointmentId))
        .where(and(eq(messageOutbox.channel, channel), eq(messageOutbox.providerMessageId, providerMessageId)))
        .limit(1);
      return row && { ...row, sentAt: row.sentAt! };
    },

    /**
     * The records whose phone contains these digits (the national number: «600 11 12 22», «+34 600…» alike), through
     * the trigram-indexed search text; the caller keeps those whose phone is the very number.
     */
    async withPhoneDigits(digits: string, tx: Db = db): Promise<{ id: string; phone: string }[]> {
      return tx
        .select({ id: patients.id, phone: patients.phone })
        .from(patients)
        .where(like(patients.searchText, `%${digits}%`))
        .limit(50);
    },
  };
}

export type RepliesRepository = ReturnType<typeof createRepliesRepository>;
