import { z } from 'zod';
import { SERVICE_MAX_PRICE_CENTS, VAT_TREATMENTS } from './clinic-services';
import { INVOICE_KINDS } from './invoices';
export { appointmentPackSessionSchema } from './invoices';

/** Session packs (bonos, issue 36, item 3): what the clinic sells, what a patient holds, what a visit used. */
export const PACK_MIN_SESSIONS = 2;
export const PACK_MAX_SESSIONS = 100;
export const PACK_MAX_VALIDITY_MONTHS = 60;

/** «Bono 10 sesiones · Fisioterapia»: the pack's name, on its invoice line and every screen. */
export const packName = (sessions: number, serviceName: string) => `Bono ${sessions} sesiones · ${serviceName}`;

/**
 * What the refund of `unused` of `sessions` gives back of a pack sold at `priceCents` (before VAT): the price per
 * session times the sessions not used, in integer cents rounded down — the fraction of a cent the division leaves
 * stays with the clinic, so a pack never used gives back its whole price and a refund never exceeds what was paid.
 */
export const packRefundCents = (priceCents: number, sessions: number, unused: number) =>
  Math.floor((priceCents * unused) / sessions);

export const packProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  /** The service's VAT, which the pack's invoice line carries. */
  vat: z.enum(VAT_TREATMENTS),
  sessions: z.number(),
  /** Before VAT, like every price in «Servicios y tarifas». */
  priceCents: z.number(),
  /** Months from the purchase; null: it does not expire. */
  validityMonths: z.number().nullable(),
  active: z.boolean(),
  /** Packs of it sold. */
  soldCount: z.number(),
});
export type PackProduct = z.infer<typeof packProductSchema>;

export const packProductInputSchema = z.strictObject({
  serviceId: z.uuid({ error: 'Elige el servicio del bono' }),
  sessions: z
    .number({ error: 'Indica el número de sesiones' })
    .int('El número de sesiones debe ser entero')
    .min(PACK_MIN_SESSIONS, `Un bono tiene al menos ${PACK_MIN_SESSIONS} sesiones`)
    .max(PACK_MAX_SESSIONS, `Un bono tiene como máximo ${PACK_MAX_SESSIONS} sesiones`),
  priceCents: z
    .number({ error: 'Indica el precio del bono' })
    .int('El precio se indica en céntimos enteros')
    .min(1, 'El precio del bono debe ser mayor que 0')
    .max(SERVICE_MAX_PRICE_CENTS, 'El precio no puede superar los 100 000 €'),
  validityMonths: z
    .number({ error: 'Indica la validez en meses, o déjala vacía si no caduca' })
    .int('La validez se indica en meses enteros')
    .min(1, 'La validez mínima es de 1 mes')
    .max(PACK_MAX_VALIDITY_MONTHS, `La validez máxima es de ${PACK_MAX_VALIDITY_MONTHS} meses`)
    .nullable(),
  active: z.boolean({ error: 'Indica si el bono está activo' }),
});
export type PackProductInput = z.infer<typeof packProductInputSchema>;

/** The desk sells a pack to a patient: its invoice is issued at once, complete or simplified. */
export const sellPackInputSchema = z.strictObject({
  productId: z.uuid({ error: 'Elige el bono' }),
  kind: z.enum(INVOICE_KINDS, { error: 'Elige factura completa o simplificada' }),
});
export type SellPackInput = z.infer<typeof sellPackInputSchema>;

export const PACK_STATES = ['activo', 'agotado', 'caducado', 'devuelto', 'anulado'] as const;
export type PackState = (typeof PACK_STATES)[number];
export const PACK_STATE_LABELS: Record<PackState, string> = {
  activo: 'Activo',
  agotado: 'Agotado',
  caducado: 'Caducado',
  devuelto: 'Devuelto',
  anulado: 'Factura anulada',
};

export const patientPackSchema = z.object({
  id: z.string(),
  name: z.string(),
  serviceId: z.string(),
  sessions: z.number(),
  used: z.number(),
  priceCents: z.number(),
  /** The clinic's dates, `YYYY-MM-DD`; `expiresOn` is the last day it may be used (null: no expiry). */
  purchasedOn: z.string(),
  expiresOn: z.string().nullable(),
  state: z.enum(PACK_STATES),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  /** What a refund of the unused sessions would give back now (before VAT); 0 when there is nothing to refund. */
  refundableCents: z.number(),
  refund: z
    .object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      unusedSessions: z.number(),
      refundCents: z.number(),
      refundedAt: z.string(),
    })
    .nullable(),
  /** The visits that used a session, each with its number («Bono 3/10»), the first first. */
  visits: z.array(z.object({ appointmentId: z.string(), number: z.number(), startsAt: z.string() })),
});
export type PatientPack = z.infer<typeof patientPackSchema>;
export const patientPacksSchema = z.array(patientPackSchema);

/** A visit that used a session of a pack: the desk shows «Bono 3/10» instead of «Facturar». */
export type { AppointmentPackSession } from './invoices';
