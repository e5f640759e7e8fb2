import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  bookingDeposits,
  clinicServices,
  invoiceCancellations,
  invoiceLines,
  invoices,
  onlinePaymentAttempts,
  onlinePaymentOutcomes,
} from '../../platform';

export type DepositRow = typeof bookingDeposits.$inferSelect;
export type DepositPatch = Partial<Omit<DepositRow, 'id' | 'appointmentId' | 'serviceId' | 'amountCents'>>;

/** All SQL of the deposits asked at online booking (decision 0121). */
export function createDepositsRepository(db: Db) {
  return {
    async insert(row: typeof bookingDeposits.$inferInsert, tx: Tx): Promise<DepositRow> {
      const [inserted] = await tx.insert(bookingDeposits).values(row).returning();
      return inserted!;
    },

    async update(id: string, patch: DepositPatch, tx: Tx): Promise<void> {
      await tx.update(bookingDeposits).set(patch).where(eq(bookingDeposits.id, id));
    },

    /** A deposit, locked: its payment, its expiry, its cancellation and its refund take turns. */
    async lock(id: string, tx: Tx): Promise<DepositRow | undefined> {
      const [row] = await tx.select().from(bookingDeposits).where(eq(bookingDeposits.id, id)).for('update');
      return row;
    },

    async lockOfAppointment(appointmentId: string, tx: Tx): Promise<DepositRow | undefined> {
      const [row] = await tx
        .select()
        .from(bookingDeposits)
        .where(eq(bookingDeposits.appointmentId, appointmentId))
        .for('update');
      return row;
    },

    /** A booking's deposit with the numbers of its invoices (what the patient, the desk and the diary read). */
    async ofAppointment(appointmentId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          deposit: bookingDeposits,
          invoiceNumber: sql<string | null>`(SELECT number FROM ${invoices} WHERE id = ${bookingDeposits.invoiceId})`,
          rectifyingNumber: sql<
            string | null
          >`(SELECT number FROM ${invoices} WHERE id = ${bookingDeposits.rectifyingInvoiceId})`,
          startsAt: appointments.startsAt,
          status: appointments.status,
          payer: appointments.payer,
          insurerCopayCents: appointments.insurerCopayCents,
          patientId: appointments.patientId,
          serviceName: clinicServices.name,
        })
        .from(bookingDeposits)
        .innerJoin(appointments, eq(appointments.id, bookingDeposits.appointmentId))
        .innerJoin(clinicServices, eq(clinicServices.id, bookingDeposits.serviceId))
        .where(eq(bookingDeposits.appointmentId, appointmentId));
      return row;
    },

    /** The appointments whose deposit's hold has ended unpaid, claimed for this run. */
    async expiredHolds(now: Date, tx: Tx, limit = 50): Promise<string[]> {
      const rows = await tx
        .select({ appointmentId: bookingDeposits.appointmentId })
        .from(bookingDeposits)
        .where(and(eq(bookingDeposits.state, 'pendiente'), lte(bookingDeposits.holdUntil, now)))
        .orderBy(asc(bookingDeposits.holdUntil))
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.appointmentId);
    },

    /** Deposits owed back whose last try is older than `before` (or never tried). */
    async refundsDue(before: Date, tx: Db = db, limit = 20): Promise<string[]> {
      const rows = await tx
        .select({ id: bookingDeposits.id })
        .from(bookingDeposits)
        .where(
          and(
            eq(bookingDeposits.state, 'a_devolver'),
            or(isNull(bookingDeposits.refundTriedAt), lte(bookingDeposits.refundTriedAt, before)),
          ),
        )
        .orderBy(asc(bookingDeposits.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The authorised attempt that paid a deposit: its order and method (what a refund is asked on). */
    async paidAttempt(depositId: string, tx: Db = db) {
      const [row] = await tx
        .select({ order: onlinePaymentAttempts.redsysOrder, method: onlinePaymentAttempts.method })
        .from(onlinePaymentAttempts)
        .innerJoin(onlinePaymentOutcomes, eq(onlinePaymentOutcomes.attemptId, onlinePaymentAttempts.id))
        .where(and(eq(onlinePaymentAttempts.depositId, depositId), eq(onlinePaymentOutcomes.authorised, true)));
      return row;
    },

    /**
     * The deposits of these visits that their invoice deducts: paid (or kept) with an advance invoice, not refunded,
     * and not deducted by an invoice that stands; with the advance invoice's number and lines.
     */
    async deductible(appointmentIds: string[], tx: Tx) {
      if (appointmentIds.length === 0) return [];
      const rows = await tx
        .select({ deposit: bookingDeposits, number: invoices.number })
        .from(bookingDeposits)
        .innerJoin(invoices, eq(invoices.id, bookingDeposits.invoiceId))
        .where(
          and(
            inArray(bookingDeposits.appointmentId, appointmentIds),
            inArray(bookingDeposits.state, ['pagada', 'retenida']),
            or(
              isNull(bookingDeposits.deductedInvoiceId),
              sql`EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = ${bookingDeposits.deductedInvoiceId})`,
            ),
          ),
        )
        .for('update', { of: bookingDeposits });
      const lines = rows.length
        ? await tx
            .select()
            .from(invoiceLines)
            .where(
              inArray(
                invoiceLines.invoiceId,
                rows.map((row) => row.deposit.invoiceId!),
              ),
            )
        : [];
      return rows.map((row) => ({
        ...row,
        lines: lines.filter((line) => line.invoiceId === row.deposit.invoiceId),
      }));
    },

    async markDeducted(depositIds: string[], invoiceId: string, tx: Tx): Promise<void> {
      if (depositIds.length === 0) return;
      await tx
        .update(bookingDeposits)
        .set({ deductedInvoiceId: invoiceId })
        .where(inArray(bookingDeposits.id, depositIds));
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
