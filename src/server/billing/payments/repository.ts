import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { cashClosings, invoiceCancellations, invoiceLines, invoices, payments, profiles } from '../../platform';
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

    async closingOf(day: string, tx: Db = db): Promise<CashClosingRow | undefined> {
      const [row] = await tx.select().from(cashClosings).where(eq(cashClosings.day, day));
      return row;
    },

    /** Closes a day; a second closing of it meets the first's row (23505). */
    async insertClosing(row: typeof cashClosings.$inferInsert, tx: Tx): Promise<CashClosingRow> {
      const [inserted] = await tx.insert(cashClosings).values(row).returning();
      return inserted!;
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

    /** The day's payments, each with its invoice's base and the lines' bases by doctor (to share it out). */
    async takingsOf(day: string, tx: Db = db) {
      const rows = await tx
        .select({
          paymentId: payments.id,
          method: payments.method,
          amountCents: payments.amountCents,
          invoiceBase: invoices.baseCents,
          doctorId: invoiceLines.doctorId,
          doctorName: profiles.displayName,
          lineBase: invoiceLines.baseCents,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
        .leftJoin(profiles, eq(profiles.id, invoiceLines.doctorId))
        .where(and(eq(payments.day, day)))
        .orderBy(asc(payments.paidAt), asc(invoiceLines.position));
      return rows;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
