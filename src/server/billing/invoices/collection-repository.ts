import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CollectionFilter, CollectionState } from '../../../common/schemas/invoices';

/**
 * An invoice's collection state (issue 36, item 8) in SQL, from its account's payments and refunds (migration
 * 0029's functions): a cancelled invoice is «anulada»; a rectifying invoice and an F3 read as what they are (their
 * money is on another invoice's account); an original reads what its account — it and its rectifying invoices —
 * says: nothing paid, part of it, all of it, or more than it now comes to (the clinic is to give back).
 */
export const collectionOf = (invoiceId: SQLWrapper) =>
  sql<CollectionState>`(CASE
    WHEN EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = ${invoiceId}) THEN 'anulada'
    WHEN EXISTS (SELECT 1 FROM invoice_rectifications r WHERE r.invoice_id = ${invoiceId}) THEN 'rectificativa'
    WHEN EXISTS (SELECT 1 FROM invoice_substitutions s WHERE s.invoice_id = ${invoiceId}) THEN 'sustitutiva'
    ELSE (SELECT CASE WHEN a.due < a.paid THEN 'a_devolver' WHEN a.due = a.paid THEN 'pagada'
      WHEN a.paid > 0 THEN 'pago_parcial' ELSE 'pendiente' END
      FROM (SELECT invoice_account_due(${invoiceId}) AS due, invoice_account_paid(${invoiceId}) AS paid) a)
    END)`;

/** The list's filter by collection state: «por cobrar» is pending or partly paid. */
export function collectionCondition(invoiceId: SQLWrapper, filter: CollectionFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  const states: CollectionState[] = filter === 'por_cobrar' ? ['pendiente', 'pago_parcial'] : [filter];
  return sql`${collectionOf(invoiceId)} IN (${sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  )})`;
}
