import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import {
  appSecrets,
  bookingDeposits,
  invoiceLines,
  invoices,
  onlinePaymentAttempts,
  onlinePaymentOutcomes,
  patients,
  paymentLinks,
} from '../../platform';
import { outstandingOf } from '../invoices/repository';

export const REDSYS_SECRET = 'redsys_secret';

export type AttemptRow = typeof onlinePaymentAttempts.$inferSelect;
export type OutcomeRow = typeof onlinePaymentOutcomes.$inferSelect;

/** All SQL of paying online: the POS secret, the links, the attempts and Redsys's outcomes (append-only). */
export function createOnlinePaymentsRepository(db: Db) {
  return {
    async secret(tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, REDSYS_SECRET));
      return row?.value ?? null;
    },

    async saveSecret(value: string, tx: Tx): Promise<void> {
      await tx
        .insert(appSecrets)
        .values({ name: REDSYS_SECRET, value })
        .onConflictDoUpdate({ target: appSecrets.name, set: { value } });
    },

    /**
     * What a patient pays online: the invoice's number, concept (its lines) and what its account still owes (0 on a
     * cancelled, rectifying or replacing invoice), with the patient's contact for a link.
     */
    async payable(invoiceId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          patientId: invoices.patientId,
          concept: sql<string>`(SELECT coalesce(string_agg(l.description, '; ' ORDER BY l.position), '')
            FROM ${invoiceLines} l WHERE l.invoice_id = ${invoices.id})`,
          outstandingCents: outstandingOf(sql.raw('"invoices"."id"')),
          firstName: patients.firstName,
          email: patients.email,
          phone: patients.phone,
        })
        .from(invoices)
        .innerJoin(patients, eq(patients.id, invoices.patientId))
        .where(eq(invoices.id, invoiceId));
      return row;
    },

    async insertLink(row: typeof paymentLinks.$inferInsert, tx: Tx) {
      const [inserted] = await tx.insert(paymentLinks).values(row).returning();
      return inserted!;
    },

    /** A link by its token's hash, while it lasts. */
    async findLink(tokenHash: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.tokenHash, tokenHash), gt(paymentLinks.expiresAt, now)));
      return row;
    },

    async insertAttempt(row: typeof onlinePaymentAttempts.$inferInsert, tx: Tx): Promise<AttemptRow> {
      const [inserted] = await tx.insert(onlinePaymentAttempts).values(row).returning();
      return inserted!;
    },

    /** An attempt by Redsys's order, locked: the notifications of one order take turns. */
    async lockAttemptByOrder(order: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(onlinePaymentAttempts)
        .where(eq(onlinePaymentAttempts.redsysOrder, order))
        .for('update');
      return row;
    },

    async outcomeOf(attemptId: string, tx: Db = db): Promise<OutcomeRow | undefined> {
      const [row] = await tx.select().from(onlinePaymentOutcomes).where(eq(onlinePaymentOutcomes.attemptId, attemptId));
      return row;
    },

    async insertOutcome(row: OutcomeRow, tx: Tx): Promise<void> {
      await tx.insert(onlinePaymentOutcomes).values(row);
    },

    /** An attempt with its outcome and its invoice's number (the return page's state). */
    async attemptWithOutcome(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          attempt: onlinePaymentAttempts,
          outcome: onlinePaymentOutcomes,
          // A deposit's attempt names the advance invoice once the bank's notification issued it.
          invoiceNumber: sql<string | null>`(SELECT i.number FROM ${invoices} i WHERE i.id = coalesce(
            ${onlinePaymentAttempts.invoiceId},
            (SELECT d.invoice_id FROM ${bookingDeposits} d WHERE d.id = ${onlinePaymentAttempts.depositId})))`,
        })
        .from(onlinePaymentAttempts)
        .leftJoin(onlinePaymentOutcomes, eq(onlinePaymentOutcomes.attemptId, onlinePaymentAttempts.id))
        .where(eq(onlinePaymentAttempts.id, id));
      return row;
    },
  };
}

export type OnlinePaymentsRepository = ReturnType<typeof createOnlinePaymentsRepository>;
