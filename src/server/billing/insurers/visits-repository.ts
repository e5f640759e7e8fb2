import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  insurerSettlementVisits,
  insurerTariffs,
  insurers,
  invoiceCancellations,
  invoiceLines,
  patients,
} from '../../platform';

/** What a visit «por su aseguradora» carries, frozen at booking (migration 0049). */
export interface InsurerVisitValues {
  payer: 'privado' | 'aseguradora';
  insurerId: string | null;
  insurerCardNumber: string | null;
  authorizationNumber: string | null;
  insurerPriceCents: number | null;
  insurerCopayCents: number | null;
}

/** All SQL of a visit's payer: the patient's insurer and its tariff for a service, and the payer written. */
export function createInsurerVisitsRepository(db: Db) {
  return {
    /**
     * The patient's insurer as a visit of `serviceId` would take it: the insurer, her card, whether it asks for
     * authorisations, its copay, and its tariff row for the service (`hasTariff` false: none; a null price: «no
     * cubierto»). Undefined when the patient names no insurer.
     */
    async coverageOf(patientId: string, serviceId: string | null, tx: Db = db) {
      const [row] = await tx
        .select({
          insurerId: insurers.id,
          insurerName: insurers.name,
          active: insurers.active,
          requiresAuthorization: insurers.requiresAuthorization,
          copayCents: insurers.copayCents,
          cardNumber: patients.cardNumber,
          hasTariff: sql<boolean>`${insurerTariffs.insurerId} IS NOT NULL`,
          priceCents: insurerTariffs.priceCents,
        })
        .from(patients)
        .innerJoin(insurers, eq(insurers.id, patients.insurerId))
        .leftJoin(
          insurerTariffs,
          and(eq(insurerTariffs.insurerId, insurers.id), sql`${insurerTariffs.serviceId} = ${serviceId}::uuid`),
        )
        .where(eq(patients.id, patientId));
      return row && { ...row, hasTariff: Boolean(row.hasTariff) };
    },

    /** The visit's payer, patient and service, locked for the change (undefined when there is no such visit). */
    async lockVisit(appointmentId: string, tx: Tx) {
      const [row] = await tx
        .select({
          id: appointments.id,
          patientId: appointments.patientId,
          serviceId: appointments.serviceId,
          status: appointments.status,
          payer: appointments.payer,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
        .for('update');
      return row;
    },

    /** Whether the visit is on an invoice that stands (the patient's) or on an insurer's settlement. */
    async isBilled(appointmentId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({
          billed: sql<boolean>`EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.appointment_id = ${appointmentId}::uuid
            AND NOT EXISTS (SELECT 1 FROM ${invoiceCancellations} c WHERE c.invoice_id = l.invoice_id))
            OR EXISTS (SELECT 1 FROM ${insurerSettlementVisits} v WHERE v.appointment_id = ${appointmentId}::uuid)`,
        })
        .from(sql`(SELECT 1) AS one`);
      return Boolean(row?.billed);
    },

    /** Writes who pays the visit; answers the insurer's name (null for «Privado»). */
    async setPayer(appointmentId: string, values: InsurerVisitValues, tx: Tx): Promise<string | null> {
      await tx.update(appointments).set(values).where(eq(appointments.id, appointmentId));
      if (!values.insurerId) return null;
      const [row] = await tx.select({ name: insurers.name }).from(insurers).where(eq(insurers.id, values.insurerId));
      return row?.name ?? null;
    },

    /** The service's name, to say what the insurer does not cover. */
    async serviceName(serviceId: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ name: clinicServices.name })
        .from(clinicServices)
        .where(eq(clinicServices.id, serviceId));
      return row?.name;
    },
  };
}

export type InsurerVisitsRepository = ReturnType<typeof createInsurerVisitsRepository>;
