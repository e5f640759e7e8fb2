import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform';
import {
  cashClosings,
  cashReopenings,
  invoiceCancellations,
  invoiceLines,
  invoiceRectifications,
  invoices,
  payments,
  profiles,
} from '../../platform';
import type { Tx } from '../../platform';

export type PaymentRow = typeof payments.$inferSelect;
export type CashClosingRow = typeof cashClosings.$inferSelect;

/** All SQL of payments and the day's cash. Both tables are append-only (the database refuses changes). */
export function createPaymentsRepository(db: Db) {
  return {
    /**
     * The invoice a payment is taken against, locked until the transaction ends (two payments of one invoice
     * at once take turns, so neither can take more than is owed), with what was paid before.
     */
    async lockPayable(invoiceId: string, tx: Tx) {
      const [row] = await tx
        .select({ id: invoices.id, totalCents: invoices.totalCents, cancelledAt: invoiceCancellations.cancelledAt })
        .from(invoices)
        .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
        .where(eq(invoices.id, invoiceId))
        .for('update', { of: invoices });
      if (!row) return undefined;
      const [paid] = await tx
        .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
        .from(payments)
        .where(eq(payments.invoiceId, invoiceId));
      return { ...row, paidCents: paid?.cents ?? 0 };
    },

    /**
     * Takes a day's cash for this transaction: a payment and the day's closing take turns, so no payment slips in
     * after the closing counted what was expected.
     */
    async lockDay(day: string, tx: Tx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`cash:${day}`}, 0))`);
    },

    async insert(row: typeof payments.$inferInsert, tx: Tx): Promise<PaymentRow> {
      const [inserted] = await tx.insert(payments).values(row).returning();
      return inserted!;
    },

    async ofInvoice(invoiceId: string, tx: Db = db): Promise<PaymentRow[]> {
      return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.paidAt));
    },

    /** The day's closings in order of shift, each with who closed it and its reopening (who, when, why). */
    async closingsOf(day: string, tx: Db = db) {
      const closer = alias(profiles, 'closer');
      const reopener = alias(profiles, 'reopener');
      return tx
        .select({
          closing: cashClosings,
          closedByName: closer.displayName,
          reopening: cashReopenings,
          reopenedByName: reopener.displayName,
        })
        .from(cashClosings)
        .leftJoin(closer, eq(closer.id, cashClosings.closedBy))
        .leftJoin(cashReopenings, eq(cashReopenings.closingId, cashClosings.id))
        .leftJoin(reopener, eq(reopener.id, cashReopenings.reopenedBy))
        .where(eq(cashClosings.day, day))
        .orderBy(asc(cashClosings.shift));
    },

    /**
     * The day's open shift: its payments that no standing closing (one not reopened) counted, by method, with their
     * ids (what the next closing counts).
     */
    async openShift(day: string, tx: Db = db) {
      const result = await tx.execute(sql`
        SELECT p.method, sum(p.amount_cents)::int AS amount_cents, count(*)::int AS count,
               array_agg(p.id::text ORDER BY p.paid_at, p.id) AS ids
          FROM ${payments} p
         WHERE p.day = ${day}::date
           AND NOT EXISTS (
             SELECT 1 FROM ${cashClosings} c WHERE c.day = ${day}::date AND p.id = ANY (c.payment_ids)
                AND NOT EXISTS (SELECT 1 FROM ${cashReopenings} r WHERE r.closing_id = c.id))
         GROUP BY p.method`);
      return (result as unknown as { rows: { method: string; amount_cents: number; count: number; ids: string[] }[] })
        .rows;
    },

    /** Closes a shift of the day: the next number of the day's shifts (the day's lock is held, so none is taken twice). */
    async insertClosing(row: Omit<typeof cashClosings.$inferInsert, 'shift'>, tx: Tx): Promise<CashClosingRow> {
      const [inserted] = await tx
        .insert(cashClosings)
        .values({
          ...row,
          shift: sql`(SELECT coalesce(max(${cashClosings.shift}), 0) + 1 FROM ${cashClosings} WHERE ${cashClosings.day} = ${row.day}::date)`,
        })
        .returning();
      return inserted!;
    },

    /** A closing with its reopening, if any (to reopen it once). */
    async findClosing(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ closing: cashClosings, reopening: cashReopenings })
        .from(cashClosings)
        .leftJoin(cashReopenings, eq(cashReopenings.closingId, cashClosings.id))
        .where(eq(cashClosings.id, id));
      return row;
    },

    /** Reopens a closing; a second reopening of it meets the first's row (23505). */
    async insertReopening(row: typeof cashReopenings.$inferInsert, tx: Tx): Promise<void> {
      await tx.insert(cashReopenings).values(row);
    },

    /** The day's takings by method (refunds count negative) and how many payments made them. */
    async totalsByMethod(day: string, tx: Db = db) {
      return tx
        .select({
          method: payments.method,
          amountCents: sql<number>`sum(${payments.amountCents})::int`,
          count: sql<number>`count(*)::int`,
        })
        .from(payments)
        .where(eq(payments.day, day))
        .groupBy(payments.method);
    },

    /**
     * The day's payments, each with the base of the invoice whose work it pays and that invoice's lines' bases by
     * doctor (to share it out). A payment against a rectifying invoice (a refund, or what a rectification adds) pays
     * for the work of the original it rectifies: it is shared by the original's lines, as the payments it corrects.
     */
    async takingsOf(day: string, tx: Db = db) {
      const worked = alias(invoices, 'worked');
      const workedId = sql`coalesce(${invoiceRectifications.rectifiedInvoiceId}, ${payments.invoiceId})`;
      const rows = await tx
        .select({
          paymentId: payments.id,
          method: payments.method,
          amountCents: payments.amountCents,
          invoiceBase: worked.baseCents,
          doctorId: invoiceLines.doctorId,
          doctorName: profiles.displayName,
          lineBase: invoiceLines.baseCents,
        })
        .from(payments)
        .leftJoin(invoiceRectifications, eq(invoiceRectifications.invoiceId, payments.invoiceId))
        .innerJoin(worked, eq(worked.id, workedId))
        .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, worked.id))
        .leftJoin(profiles, eq(profiles.id, invoiceLines.doctorId))
        .where(eq(payments.day, day))
        .orderBy(asc(payments.paidAt), asc(payments.id), asc(invoiceLines.position));
      return rows;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
