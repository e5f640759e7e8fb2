import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PhoneChannel } from '../../../common/schemas/channels';
import type { ReplyOutcome } from '../../../common/schemas/messages';
import type { Db, Tx } from '../../platform';
import { inboundMessages } from '../../platform';

export type InboundMessageRow = typeof inboundMessages.$inferSelect;

export interface NewInboundMessage {
  channel: PhoneChannel;
  providerMessageId: string;
  fromNumber: string;
  body: string;
  receivedAt: Date;
  patientId: string | null;
  appointmentId: string | null;
  outcome: ReplyOutcome;
  messageId: string | null;
}

/** All SQL of the patients' messages by SMS and WhatsApp (`inbound_messages`, migration 0058). */
export function createInboundMessagesRepository(db: Db) {
  return {
    /** Whether the provider's message was already recorded (a repeated webhook). */
    async exists(channel: PhoneChannel, providerMessageId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.channel, channel), eq(inboundMessages.providerMessageId, providerMessageId)))
        .limit(1);
      return Boolean(row);
    },

    /** Records it once: null when the provider's id is already there (the change that would follow must not). */
    async insert(message: NewInboundMessage, tx: Tx): Promise<string | null> {
      const [row] = await tx
        .insert(inboundMessages)
        .values(message)
        .onConflictDoNothing({ target: [inboundMessages.channel, inboundMessages.providerMessageId] })
        .returning({ id: inboundMessages.id });
      return row?.id ?? null;
    },

    /** Her latest message by this channel: when (WhatsApp's window) and from which number (where to answer). */
    async latestOf(
      patientId: string,
      channel: PhoneChannel,
      tx: Db = db,
    ): Promise<{ receivedAt: Date; fromNumber: string } | undefined> {
      const [row] = await tx
        .select({ receivedAt: inboundMessages.receivedAt, fromNumber: inboundMessages.fromNumber })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.patientId, patientId), eq(inboundMessages.channel, channel)))
        .orderBy(desc(inboundMessages.receivedAt))
        .limit(1);
      return row;
    },

    /** The «sin paciente» list: messages no patient was matched to and nobody has linked yet, newest first. */
    async unmatched(tx: Db = db): Promise<InboundMessageRow[]> {
      return tx
        .select()
        .from(inboundMessages)
        .where(isNull(inboundMessages.patientId))
        .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
        .limit(200);
    },

    /** An unmatched message, locked for its linking (two desks linking it at once: the second finds it linked). */
    async lockUnmatched(id: string, tx: Tx): Promise<InboundMessageRow | undefined> {
      const [row] = await tx
        .select()
        .from(inboundMessages)
        .where(and(eq(inboundMessages.id, id), isNull(inboundMessages.patientId)))
        .for('update');
      return row;
    },

    async link(id: string, link: { patientId: string; messageId: string; by: string; at: Date }, tx: Tx) {
      await tx
        .update(inboundMessages)
        .set({ patientId: link.patientId, messageId: link.messageId, linkedBy: link.by, linkedAt: link.at })
        .where(eq(inboundMessages.id, id));
    },
  };
}

export type InboundMessagesRepository = ReturnType<typeof createInboundMessagesRepository>;
