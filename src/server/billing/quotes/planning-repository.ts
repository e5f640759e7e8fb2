import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform';
import {
  appointments,
  clinicServices,
  invoiceLines,
  profiles,
  quoteLines,
  quoteSessions,
  quotes,
  specialties,
} from '../../platform';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import type { Discount } from '../../../common/schemas/invoices';

/** A line of a quote as written: the service's price and VAT copied, its figures computed (`figures.ts`). */
export interface QuoteLineInsert {
  serviceId: string;
  description: string;
  detail: string;
  quantity: number;
  unitPriceCents: number;
  vat: VatTreatment;
  discount: Discount | null;
  discountCents: number;
  invoiceDiscountCents: number;
  baseCents: number;
  taxCents: number;
}

/** How many of her appointments the linking dialog lists at most (the latest first). */
export const LINKABLE_APPOINTMENTS_LIMIT = 100;

/**
 * The SQL of making and planning quotes (decision 0123): the services a quote may name, a draft's lines replaced,
 * and her appointments that may still become a session.
 */
export function createQuotePlanningQueries(db: Db) {
  return {
    /** The clinic's active services, by specialty and name, with the price and VAT a line copies. */
    activeServices(tx: Db = db) {
      return tx
        .select({
          id: clinicServices.id,
          name: clinicServices.name,
          specialty: specialties.name,
          priceCents: clinicServices.priceCents,
          vat: clinicServices.vat,
        })
        .from(clinicServices)
        .innerJoin(specialties, eq(specialties.id, clinicServices.specialtyId))
        .where(eq(clinicServices.active, true))
        .orderBy(asc(specialties.name), asc(clinicServices.name));
    },

    /** A draft's figures and lines replaced (the database allows it while it is a draft), positions from 1. */
    async replaceDraft(
      id: string,
      values: {
        validUntil: string;
        notes: string;
        discount: QuoteLineInsert['discount'];
        discountCents: number;
        baseCents: number;
        taxCents: number;
        totalCents: number;
      },
      lines: QuoteLineInsert[],
      tx: Tx,
    ) {
      await tx.update(quotes).set(values).where(eq(quotes.id, id));
      await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
      await tx.insert(quoteLines).values(lines.map((line, index) => ({ ...line, quoteId: id, position: index + 1 })));
    },

    /** Her appointments not cancelled, not a session of any quote and with no invoice standing: the latest first. */
    async linkableAppointments(patientId: string, tx: Db = db) {
      const rows = await tx
        .select({
          id: appointments.id,
          startsAt: appointments.startsAt,
          status: appointments.status,
          serviceId: appointments.serviceId,
          serviceName: clinicServices.name,
          doctorName: profiles.displayName,
        })
        .from(appointments)
        .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
        .innerJoin(profiles, eq(profiles.id, appointments.doctorId))
        .where(
          and(
            eq(appointments.patientId, patientId),
            sql`${appointments.status} <> 'cancelada'`,
            sql`NOT EXISTS (SELECT 1 FROM ${quoteSessions} s WHERE s.appointment_id = ${appointments.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${invoiceLines} l WHERE l.appointment_id = ${appointments.id}
              AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = l.invoice_id))`,
          ),
        )
        .orderBy(desc(appointments.startsAt))
        .limit(LINKABLE_APPOINTMENTS_LIMIT);
      return rows;
    },
  };
}
