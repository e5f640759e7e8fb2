import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { invoiceRectifications, invoices, payments } from '../../platform';
import type { Tx } from '../../platform';

/**
 * The account of an original invoice — it and its rectifying invoices, what they come to and what was paid on them
 * (migration 0029's functions) — for issuing, cancelling and paying (its own file: repository.ts holds the rest of
 * the invoices' SQL).
 */
export function invoiceAccountsOf(db: Db) {
  return {
    /**
     * Takes an original invoice's account for this transaction (its row, FOR UPDATE): a rectification, a
     * cancellation and a payment of it take turns. Answers what is due and paid on it now, read by a statement of
     * its own once the lock is held: a statement that waited for the lock would still see the account as it was
     * before the other change committed (issue 33: a cancellation and a payment both went through).
     */
    async lockAccount(rootId: string, tx: Tx) {
      const [locked] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.id, rootId))
        .for('update', { of: invoices });
      if (!locked) return undefined;
      const onAccount = sql`(${payments.invoiceId} = ${rootId}::uuid OR ${payments.invoiceId} IN
        (SELECT r.invoice_id FROM invoice_rectifications r WHERE r.rectified_invoice_id = ${rootId}::uuid))`;
      const [[account], byMethod] = await Promise.all([
        tx
          .select({
            id: invoices.id,
            dueCents: sql<number>`invoice_account_due(${rootId}::uuid)`,
            paidCents: sql<number>`invoice_account_paid(${rootId}::uuid)`,
            lastRectifyingId: sql<string | null>`(SELECT r.invoice_id FROM invoice_rectifications r
              JOIN invoices i ON i.id = r.invoice_id WHERE r.rectified_invoice_id = ${rootId}::uuid
              AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
              ORDER BY i.issued_at DESC, i.sequence DESC LIMIT 1)`,
          })
          .from(invoices)
          .where(eq(invoices.id, rootId)),
        // What each method brought in and gave back on the account: a refund goes back by a method that paid.
        tx
          .select({
            method: payments.method,
            collectedCents: sql<number>`coalesce(sum(${payments.amountCents}) FILTER (WHERE ${payments.amountCents} > 0), 0)::int`,
            refundedCents: sql<number>`coalesce(-sum(${payments.amountCents}) FILTER (WHERE ${payments.amountCents} < 0), 0)::int`,
            count: sql<number>`count(*)::int`,
          })
          .from(payments)
          .where(onAccount)
          .groupBy(payments.method),
      ]);
      return { ...account!, byMethod, payments: byMethod.reduce((sum, row) => sum + row.count, 0) };
    },

    /** What the account of an original invoice comes to now (its rectifications and cancellations counted). */
    async accountDue(rootId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ cents: sql<number>`invoice_account_due(${rootId}::uuid)` })
        .from(invoices)
        .where(eq(invoices.id, rootId));
      return row?.cents ?? 0;
    },

    /** The original invoice whose account this one belongs to (itself, or the invoice it rectifies). */
    async accountRootOf(invoiceId: string, tx: Db = db): Promise<string> {
      const [row] = await tx
        .select({ root: invoiceRectifications.rectifiedInvoiceId })
        .from(invoiceRectifications)
        .where(eq(invoiceRectifications.invoiceId, invoiceId));
      return row?.root ?? invoiceId;
    },
  };
}
