import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { mailOutbox, messageOutbox, messageStatusEvents, type FallbackEmail } from '../../platform';
import type { PhoneChannel } from '../../../common/schemas/channels';
import { OUTBOX_CHANNEL } from '../../platform';

export type ChannelMessageRow = typeof messageOutbox.$inferSelect;

export interface NewChannelMessage {
  kind: string;
  channel: PhoneChannel;
  appointmentId?: string | null;
  toNumber: string;
  body: string;
  templateParams: string[];
  fallbackEmail: FallbackEmail | null;
  createdAt: Date;
}

type Claim = Pick<ChannelMessageRow, 'id' | 'attempts'>;
const fenced = (claim: Claim) =>
  and(eq(messageOutbox.id, claim.id), eq(messageOutbox.status, 'sending'), eq(messageOutbox.attempts, claim.attempts));

/**
 * All SQL of the SMS/WhatsApp outbox: the e-mail outbox's protocol (a claim under a lease, fenced by `attempts`)
 * on its own rows, so each channel's messages have their own retries and back-off.
 */
export function createChannelOutboxRepository(db: Db) {
  return {
    /** Writes a message in the change's transaction and wakes the delivery workers (NOTIFY on commit). */
    async insert(message: NewChannelMessage, tx: Tx): Promise<string> {
      const [row] = await tx
        .insert(messageOutbox)
        .values({ ...message, status: 'pending', attempts: 0, nextAttemptAt: message.createdAt })
        .returning({ id: messageOutbox.id, woke: sql`pg_notify(${OUTBOX_CHANNEL}, '')` });
      return row!.id;
    },

    /** Claims due messages with FOR UPDATE SKIP LOCKED and marks them `sending` until `leaseUntil`. */
    async claimDue(now: Date, leaseUntil: Date, limit: number, tx: Tx): Promise<ChannelMessageRow[]> {
      const claimable = tx
        .select({ id: messageOutbox.id })
        .from(messageOutbox)
        .where(and(inArray(messageOutbox.status, ['pending', 'sending']), lte(messageOutbox.nextAttemptAt, now)))
        .orderBy(asc(messageOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(messageOutbox)
        .set({ status: 'sending', attempts: sql`${messageOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(messageOutbox.id, claimable))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async markSent(claim: Claim, providerMessageId: string, at: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(messageOutbox)
        .set({ status: 'sent', sentAt: at, providerMessageId, deliveryStatus: 'accepted', deliveryUpdatedAt: at })
        .where(fenced(claim))
        .returning({ id: messageOutbox.id });
      return rows.length === 1;
    },

    /**
     * Settles a failed claim: another attempt at `retryAt`, or `failed` for good (null). A message failed for
     * good with a fallback e-mail writes that e-mail to the mail outbox in the same statement's transaction,
     * so it exists exactly when the failure is recorded.
     */
    async markFailed(claim: Claim, error: string, retryAt: Date | null, now: Date, tx: Tx): Promise<boolean> {
      const [row] = await tx
        .update(messageOutbox)
        .set(
          retryAt
            ? { status: 'pending', nextAttemptAt: retryAt, lastError: error }
            : { status: 'failed', lastError: error, deliveryStatus: 'failed', deliveryUpdatedAt: now },
        )
        .where(fenced(claim))
        .returning();
      if (!row) return false;
      if (!retryAt && row.fallbackEmail) {
        const mail = row.fallbackEmail;
        await tx
          .insert(mailOutbox)
          .values({
            kind: row.kind,
            appointmentId: row.appointmentId,
            toAddress: mail.to,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
            attachments: [],
            status: 'pending',
            attempts: 0,
            nextAttemptAt: now,
            deliverAfter: now,
            createdAt: now,
          })
          .returning({ woke: sql`pg_notify(${OUTBOX_CHANNEL}, '')` });
      }
      return true;
    },

    async release(claim: Claim, now: Date, tx: Tx): Promise<void> {
      await tx
        .update(messageOutbox)
        .set({ status: 'pending', attempts: sql`${messageOutbox.attempts} - 1`, nextAttemptAt: now })
        .where(fenced(claim));
    },

    /**
     * Records a verified status callback once (providers repeat them) and sets it on the message; answers false
     * when it was already recorded. A later «delivered» does not undo a «read».
     */
    async recordStatus(
      event: { channel: PhoneChannel; providerMessageId: string; status: string; errorCode: string | null },
      at: Date,
      tx: Tx,
    ): Promise<boolean> {
      const inserted = await tx
        .insert(messageStatusEvents)
        .values({ ...event, receivedAt: at })
        .onConflictDoNothing()
        .returning({ id: messageStatusEvents.id });
      if (inserted.length === 0) return false;
      await tx
        .update(messageOutbox)
        .set({ deliveryStatus: event.status, deliveryUpdatedAt: at })
        .where(
          and(
            eq(messageOutbox.channel, event.channel),
            eq(messageOutbox.providerMessageId, event.providerMessageId),
            sql`coalesce(${messageOutbox.deliveryStatus}, '') <> 'read'`,
          ),
        );
      return true;
    },

    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: min(messageOutbox.nextAttemptAt) })
        .from(messageOutbox)
        .where(inArray(messageOutbox.status, ['pending', 'sending']));
      return row?.at ?? null;
    },

    async findById(id: string, tx: Db = db): Promise<ChannelMessageRow | undefined> {
      const [row] = await tx.select().from(messageOutbox).where(eq(messageOutbox.id, id));
      return row;
    },

    async listForAppointment(appointmentId: string, tx: Db = db): Promise<ChannelMessageRow[]> {
      return tx
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.appointmentId, appointmentId))
        .orderBy(asc(messageOutbox.createdAt));
    },
  };
}

export type ChannelOutboxRepository = ReturnType<typeof createChannelOutboxRepository>;
