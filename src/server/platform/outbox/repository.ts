import { and, asc, eq, gte, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { mailOutbox, type StoredAttachment } from '../db/schema';

export const OUTBOX_CHANNEL = 'clinica_mail_outbox';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface NewOutboxMessage {
  kind: string;
  appointmentId?: string | null;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: StoredAttachment[];
  deliverAfter: Date;
  createdAt: Date;
}

const due = (now: Date) => and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, now));

/** All SQL of the e-mail outbox. A claimed row is fenced by its `attempts`: only that claim may settle it. */
export function createOutboxRepository(db: Db) {
  return {
    /**
     * Writes a message in `tx` (the transaction of the change that causes it) and wakes the delivery
     * workers: the NOTIFY is delivered only if that transaction commits.
     */
    async insert(message: NewOutboxMessage, tx: Tx): Promise<string> {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, status: 'pending', attempts: 0, nextAttemptAt: message.deliverAfter })
        .returning({ id: mailOutbox.id, woke: sql`pg_notify(${OUTBOX_CHANNEL}, '')` });
      return row!.id;
    },

    /**
     * Claims up to `limit` due messages (pending and due, or sending with an expired lease) in one
     * short statement: FOR UPDATE SKIP LOCKED, so concurrent workers never take the same row, and marked
     * `sending` with a lease until `leaseUntil` before it commits.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number, tx: Tx): Promise<OutboxRow[]> {
      const claimable = tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(due(now))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(mailOutbox.id, claimable))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /** Settles a claim as sent; false when the claim was lost (its lease expired and another took it). */
    async markSent(claim: Pick<OutboxRow, 'id' | 'attempts'>, at: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: at })
        .where(
          and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, claim.attempts)),
        )
        .returning({ id: mailOutbox.id });
      return rows.length === 1;
    },

    /** Settles a failed claim: another attempt at `retryAt`, or `failed` for good when `retryAt` is null. */
    async markFailed(
      claim: Pick<OutboxRow, 'id' | 'attempts'>,
      error: string,
      retryAt: Date | null,
      tx: Tx,
    ): Promise<boolean> {
      const rows = await tx
        .update(mailOutbox)
        .set(
          retryAt
            ? { status: 'pending', nextAttemptAt: retryAt, lastError: error }
            : { status: 'failed', lastError: error },
        )
        .where(
          and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, claim.attempts)),
        )
        .returning({ id: mailOutbox.id });
      return rows.length === 1;
    },

    /** Gives back a claimed message that was not tried (its worker ran out of lease or is stopping). */
    async release(claim: Pick<OutboxRow, 'id' | 'attempts'>, now: Date, tx: Tx): Promise<void> {
      await tx
        .update(mailOutbox)
        .set({ status: 'pending', attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: now })
        .where(
          and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, claim.attempts)),
        );
    },

    /** Cancels a message that has not left yet (an undone change); false if it is already on its way. */
    async cancel(id: string, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'cancelled' })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
        .returning({ id: mailOutbox.id });
      return rows.length === 1;
    },

    /**
     * Cancels the held messages about an appointment written since `since` (an undone change's): true when every
     * one was still waiting, false when one has already left or is leaving (nothing is cancelled then by
     * the caller, whose transaction rolls back).
     */
    async cancelForAppointmentSince(appointmentId: string, since: Date, tx: Tx): Promise<boolean> {
      // Held for an undo (due after they were written), written by that change or after it.
      const written = and(
        eq(mailOutbox.appointmentId, appointmentId),
        gte(mailOutbox.createdAt, since),
        sql`${mailOutbox.deliverAfter} > ${mailOutbox.createdAt}`,
      );
      const [left] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(and(written, inArray(mailOutbox.status, ['sending', 'sent', 'failed'])));
      if ((left?.count ?? 0) > 0) return false;
      await tx
        .update(mailOutbox)
        .set({ status: 'cancelled' })
        .where(and(written, eq(mailOutbox.status, 'pending')));
      return true;
    },

    /** When the earliest pending or leased message becomes due (the worker's next wake-up). */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: min(mailOutbox.nextAttemptAt) })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'sending']));
      return row?.at ?? null;
    },

    async findById(id: string, tx: Db = db): Promise<OutboxRow | undefined> {
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },

    /** The messages about an appointment, oldest first. */
    async listForAppointment(appointmentId: string, tx: Db = db): Promise<OutboxRow[]> {
      return tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.appointmentId, appointmentId))
        .orderBy(asc(mailOutbox.createdAt));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
