import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  insurerSettlementVisits,
  insurerVisitOutcomes,
  insurers,
  invoices,
  patients,
} from '../../platform';

const patientName = sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`;

/** An attended insurer visit as a line of «Liquidación de aseguradoras». */
const visitColumns = {
  appointmentId: appointments.id,
  startsAt: appointments.startsAt,
  patientId: appointments.patientId,
  patientName,
  cardNumber: sql<string>`coalesce(${appointments.insurerCardNumber}, '')`,
  serviceId: appointments.serviceId,
  serviceName: sql<string>`coalesce(${clinicServices.name}, 'Visita')`,
  vat: sql<'exenta' | '21' | '10' | '4'>`coalesce(${clinicServices.vat}, 'exenta')`,
  authorizationNumber: sql<string>`coalesce(${appointments.authorizationNumber}, '')`,
  copayCents: appointments.insurerCopayCents,
};

/** All SQL of «Liquidación de aseguradoras»: the visits to settle, the settled ones and what the insurer did. */
export function createInsurerSettlementsRepository(db: Db) {
  return {
    /**
     * The insurer's attended visits from `from` to `to` (excluded) not settled yet, oldest first; locked when read
     * inside the settling transaction, so two desks settling at once take turns (the primary key refuses the second).
     */
    async pendingVisits(insurerId: string, from: Date, to: Date, tx: Db = db, lock = false) {
      const query = tx
        .select({ ...visitColumns, priceCents: sql<number>`${appointments.insurerPriceCents}` })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
        .leftJoin(insurerSettlementVisits, eq(insurerSettlementVisits.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.payer, 'aseguradora'),
            eq(appointments.insurerId, insurerId),
            eq(appointments.status, 'atendida'),
            gte(appointments.startsAt, from),
            lt(appointments.startsAt, to),
            isNull(insurerSettlementVisits.appointmentId),
          ),
        )
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .$dynamic();
      return lock ? query.for('update', { of: appointments }) : query;
    },

    /** The visits an invoice settles, at their lines. */
    async insertSettled(rows: (typeof insurerSettlementVisits.$inferInsert)[], tx: Tx): Promise<void> {
      await tx.insert(insurerSettlementVisits).values(rows);
    },

    /** The insurer's invoices, newest first: how many visits each settles and how many await the reconciliation. */
    async invoicesOf(insurerId: string, tx: Db = db) {
      return tx
        .select({
          id: invoices.id,
          number: invoices.number,
          issueDate: invoices.issueDate,
          totalCents: invoices.totalCents,
          visits: sql<number>`count(*)::int`,
          pending: sql<number>`count(*) FILTER (WHERE ${insurerVisitOutcomes.appointmentId} IS NULL)::int`,
        })
        .from(insurerSettlementVisits)
        .innerJoin(invoices, eq(invoices.id, insurerSettlementVisits.invoiceId))
        .leftJoin(insurerVisitOutcomes, eq(insurerVisitOutcomes.appointmentId, insurerSettlementVisits.appointmentId))
        .where(eq(insurerSettlementVisits.insurerId, insurerId))
        .groupBy(invoices.id)
        .orderBy(desc(invoices.issuedAt), desc(invoices.number))
        .limit(60);
    },

    /** An insurer invoice's settled visits at their lines, with what the insurer did with each (none yet: null). */
    async settledVisits(invoiceId: string, tx: Db = db) {
      return tx
        .select({
          ...visitColumns,
          position: insurerSettlementVisits.position,
          priceCents: insurerSettlementVisits.priceCents,
          insurerId: insurerSettlementVisits.insurerId,
          insurerName: insurers.name,
          invoiceNumber: invoices.number,
          invoiceTotalCents: invoices.totalCents,
          outcome: insurerVisitOutcomes.outcome,
          resolution: insurerVisitOutcomes.resolution,
          reason: sql<string>`coalesce(${insurerVisitOutcomes.reason}, '')`,
        })
        .from(insurerSettlementVisits)
        .innerJoin(appointments, eq(appointments.id, insurerSettlementVisits.appointmentId))
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .innerJoin(insurers, eq(insurers.id, insurerSettlementVisits.insurerId))
        .innerJoin(invoices, eq(invoices.id, insurerSettlementVisits.invoiceId))
        .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
        .leftJoin(insurerVisitOutcomes, eq(insurerVisitOutcomes.appointmentId, insurerSettlementVisits.appointmentId))
        .where(eq(insurerSettlementVisits.invoiceId, invoiceId))
        .orderBy(asc(insurerSettlementVisits.position));
    },

    /** The clinic's private price of a service (what a refused visit costs the patient). */
    async privatePrice(serviceId: string, tx: Db = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ priceCents: clinicServices.priceCents })
        .from(clinicServices)
        .where(eq(clinicServices.id, serviceId));
      return row?.priceCents;
    },

    /** What the insurer did with visits: once each (the primary key refuses a second). */
    async insertOutcomes(rows: (typeof insurerVisitOutcomes.$inferInsert)[], tx: Tx): Promise<void> {
      if (rows.length > 0) await tx.insert(insurerVisitOutcomes).values(rows);
    },
  };
}

export type InsurerSettlementsRepository = ReturnType<typeof createInsurerSettlementsRepository>;
