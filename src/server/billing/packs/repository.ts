import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PackProductInput } from '../../../common/schemas/packs';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  clock,
  invoiceCancellations,
  invoices,
  packProducts,
  packRefunds,
  packSessions,
  patientPacks,
} from '../../platform';

export interface PackProductRecord {
  id: string;
  serviceId: string;
  serviceName: string;
  vat: (typeof clinicServices.$inferSelect)['vat'];
  sessions: number;
  priceCents: number;
  validityMonths: number | null;
  active: boolean;
  soldCount: number;
}

/** A pack as the patient's page and her area read it, with its sessions in use and its refund. */
export interface PatientPackRecord {
  id: string;
  patientId: string;
  serviceId: string;
  serviceName: string;
  sessions: number;
  priceCents: number;
  purchasedOn: string;
  expiresOn: string | null;
  invoiceId: string;
  invoiceNumber: string;
  invoiceCancelled: boolean;
  refund: {
    invoiceId: string;
    invoiceNumber: string;
    unusedSessions: number;
    refundCents: number;
    refundedAt: string;
  } | null;
  visits: { appointmentId: string; number: number; startsAt: string }[];
}

const inUse = isNull(packSessions.releasedAt);

/** All SQL of session packs (bonos): the products, the packs sold, the sessions visits use and the refunds. */
export function createPacksRepository(db: Db) {
  const selectProducts = (tx: Db) =>
    tx
      .select({
        id: packProducts.id,
        serviceId: packProducts.serviceId,
        serviceName: clinicServices.name,
        vat: clinicServices.vat,
        sessions: packProducts.sessions,
        priceCents: packProducts.priceCents,
        validityMonths: packProducts.validityMonths,
        active: packProducts.active,
        soldCount: sql<number>`(SELECT count(*)::int FROM ${patientPacks} pp WHERE pp.product_id = pack_products.id)`,
      })
      .from(packProducts)
      .innerJoin(clinicServices, eq(clinicServices.id, packProducts.serviceId));

  const selectPacks = (tx: Db) =>
    tx
      .select({
        id: patientPacks.id,
        patientId: patientPacks.patientId,
        serviceId: patientPacks.serviceId,
        serviceName: clinicServices.name,
        sessions: patientPacks.sessions,
        priceCents: patientPacks.priceCents,
        purchasedOn: patientPacks.purchasedOn,
        expiresOn: patientPacks.expiresOn,
        invoiceId: patientPacks.invoiceId,
        invoiceNumber: invoices.number,
        invoiceCancelled: sql<boolean>`EXISTS (SELECT 1 FROM ${invoiceCancellations} c
          WHERE c.invoice_id = patient_packs.invoice_id)`,
        refund: sql<PatientPackRecord['refund']>`(SELECT json_build_object('invoiceId', r.invoice_id,
            'invoiceNumber', ri.number, 'unusedSessions', r.unused_sessions, 'refundCents', r.refund_cents,
            'refundedAt', r.refunded_at) FROM ${packRefunds} r JOIN ${invoices} ri ON ri.id = r.invoice_id
           WHERE r.pack_id = patient_packs.id)`,
        visits: sql<PatientPackRecord['visits']>`coalesce((SELECT json_agg(json_build_object(
            'appointmentId', s.appointment_id, 'number', s.number, 'startsAt', a.starts_at) ORDER BY s.number)
            FROM ${packSessions} s JOIN ${appointments} a ON a.id = s.appointment_id
           WHERE s.pack_id = patient_packs.id AND s.released_at IS NULL), '[]'::json)`,
      })
      .from(patientPacks)
      .innerJoin(clinicServices, eq(clinicServices.id, patientPacks.serviceId))
      .innerJoin(invoices, eq(invoices.id, patientPacks.invoiceId));

  return {
    /** Every product, active or not, by service and sessions. */
    async products(tx: Db = db): Promise<PackProductRecord[]> {
      return selectProducts(tx).orderBy(asc(clinicServices.name), asc(packProducts.sessions), asc(packProducts.id));
    },

    async findProduct(id: string, tx: Db = db): Promise<PackProductRecord | undefined> {
      const [row] = await selectProducts(tx).where(eq(packProducts.id, id));
      return row;
    },

    /** Whether a service exists, and whether it is active. */
    async serviceState(serviceId: string, tx: Db = db) {
      const [row] = await tx
        .select({ active: clinicServices.active })
        .from(clinicServices)
        .where(eq(clinicServices.id, serviceId));
      return row;
    },

    async createProduct(input: PackProductInput, tx: Tx): Promise<string> {
      const [row] = await tx.insert(packProducts).values(input).returning({ id: packProducts.id });
      return row!.id;
    },

    async updateProduct(id: string, input: PackProductInput, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(packProducts)
        .set({ ...input, updatedAt: clock.now() })
        .where(eq(packProducts.id, id))
        .returning({ id: packProducts.id });
      return rows.length > 0;
    },

    /** Whether a product names this service (it is then deactivated, never deleted). */
    async productsOfService(serviceId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(packProducts)
        .where(eq(packProducts.serviceId, serviceId));
      return row?.count ?? 0;
    },

    async insertPack(row: typeof patientPacks.$inferInsert, tx: Tx): Promise<string> {
      const [inserted] = await tx.insert(patientPacks).values(row).returning({ id: patientPacks.id });
      return inserted!.id;
    },

    /** A patient's packs, the newest first. */
    async packsOf(patientId: string, tx: Db = db): Promise<PatientPackRecord[]> {
      return selectPacks(tx)
        .where(eq(patientPacks.patientId, patientId))
        .orderBy(desc(patientPacks.soldAt), desc(patientPacks.id));
    },

    async findPack(id: string, tx: Db = db): Promise<PatientPackRecord | undefined> {
      const [row] = await selectPacks(tx).where(eq(patientPacks.id, id));
      return row;
    },

    /** Locks a pack (its sessions and its refund wait for this transaction); undefined when there is none. */
    async lockPack(id: string, tx: Tx) {
      const [row] = await tx.select().from(patientPacks).where(eq(patientPacks.id, id)).for('update');
      return row;
    },

    /**
     * The patient's packs of this service that may be used on `day` (bought by then, not expired, not refunded, their
     * invoice not cancelled), the oldest first, each locked: two visits using one at once take their turns.
     */
    async lockUsable(patientId: string, serviceId: string, day: string, tx: Tx) {
      return tx
        .select({ id: patientPacks.id, sessions: patientPacks.sessions })
        .from(patientPacks)
        .where(
          and(
            eq(patientPacks.patientId, patientId),
            eq(patientPacks.serviceId, serviceId),
            sql`${patientPacks.purchasedOn} <= ${day}::date`,
            sql`(${patientPacks.expiresOn} IS NULL OR ${patientPacks.expiresOn} >= ${day}::date)`,
            sql`NOT EXISTS (SELECT 1 FROM ${packRefunds} r WHERE r.pack_id = ${patientPacks.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = ${patientPacks.invoiceId})`,
          ),
        )
        .orderBy(asc(patientPacks.soldAt), asc(patientPacks.id))
        .for('update', { of: patientPacks });
    },

    /** The numbers of a pack's sessions in use. */
    async numbersInUse(packId: string, tx: Db = db): Promise<number[]> {
      const rows = await tx
        .select({ number: packSessions.number })
        .from(packSessions)
        .where(and(eq(packSessions.packId, packId), inUse));
      return rows.map((row) => row.number);
    },

    /** The visit as a pack sees it: whose, of which service, when, in what state. */
    async visitOf(appointmentId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: appointments.id,
          patientId: appointments.patientId,
          serviceId: appointments.serviceId,
          status: appointments.status,
          startsAt: appointments.startsAt,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      return row;
    },

    /** The session a visit uses now, if any. */
    async sessionOf(appointmentId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(packSessions)
        .where(and(eq(packSessions.appointmentId, appointmentId), inUse));
      return row;
    },

    async insertSession(row: typeof packSessions.$inferInsert, tx: Tx) {
      const [inserted] = await tx.insert(packSessions).values(row).returning();
      return inserted!;
    },

    /** Gives the visit's session back (the row stays, with when). */
    async releaseSession(appointmentId: string, at: Date, tx: Tx) {
      await tx
        .update(packSessions)
        .set({ releasedAt: at })
        .where(and(eq(packSessions.appointmentId, appointmentId), inUse));
    },

    /** Of these visits, those that use a session, each with its number and the pack's sessions. */
    async sessionsOfVisits(appointmentIds: string[], tx: Db = db) {
      if (appointmentIds.length === 0) return [];
      return tx
        .select({
          appointmentId: packSessions.appointmentId,
          packId: packSessions.packId,
          number: packSessions.number,
          sessions: packSessions.packSessions,
        })
        .from(packSessions)
        .where(and(inArray(packSessions.appointmentId, appointmentIds), inUse));
    },

    async insertRefund(row: typeof packRefunds.$inferInsert, tx: Tx) {
      await tx.insert(packRefunds).values(row);
    },
  };
}

export type PacksRepository = ReturnType<typeof createPacksRepository>;
