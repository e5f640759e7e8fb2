import { z } from 'zod';

/**
 * How the clinic's billing stands with VERI*FACTU (issue 35, items 1 and 2). «pruebas»: the demo and every
 * installation until it goes live — invoices are issued as ever, their records go to the AEAT's test environment
 * when a certificate is set, and every PDF says «SIN VALOR FISCAL — PRUEBAS». «produccion»: switched on once by an
 * admin with a certificate that loads, is the issuer's (or a representative's) and has not expired.
 */
export const BILLING_MODES = ['pruebas', 'produccion'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const BILLING_MODE_LABELS: Record<BillingMode, string> = { pruebas: 'Pruebas', produccion: 'Producción' };

/** Stamped across every page of an invoice issued in pruebas. */
export const PRUEBAS_STAMP = 'SIN VALOR FISCAL — PRUEBAS';

/** Days before the certificate's expiry from which the screens warn. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** The configured certificate as the server read it: never its password. */
export const certificateViewSchema = z.object({
  status: z.enum(['absent', 'unusable', 'loaded']),
  /** The holder's name (the subject's CN) and NIF, when it loaded. */
  holder: z.string().nullable(),
  nif: z.string().nullable(),
  validTo: z.string().nullable(),
  /** Whole days left before it expires (negative: expired). */
  daysLeft: z.number().int().nullable(),
  /** Why it cannot be used, in Spanish (unusable). */
  reason: z.string().nullable(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;

/** SistemaInformatico: the producer of the software, the product, its version and this installation. */
export const informationSystemViewSchema = z.object({
  producerName: z.string(),
  producerNif: z.string(),
  producerAddress: z.string(),
  name: z.string(),
  id: z.string(),
  version: z.string(),
});
export type InformationSystemView = z.infer<typeof informationSystemViewSchema>;

/** GET /api/verifactu/mode: the mode, the certificate, whether records can be sent and why not, and the system. */
export const verifactuModeSchema = z.object({
  mode: z.enum(BILLING_MODES),
  productionSince: z.string().nullable(),
  issuerNif: z.string(),
  certificate: certificateViewSchema,
  /** What happens to the records now, in plain words for the desk; `ok` false when they cannot be sent. */
  sending: z.object({ ok: z.boolean(), detail: z.string() }),
  /** What stops the switch to producción now (empty: it may be made). */
  productionBlockers: z.array(z.string()),
  /** The certificate is not the issuer's: the switch asks the admin to confirm its holder is a representative. */
  representativeNeeded: z.boolean(),
  /** Whether the certificate expires within CERTIFICATE_WARNING_DAYS (or has expired). */
  certificateWarning: z.string().nullable(),
  system: informationSystemViewSchema.extend({ installationNumber: z.string() }),
  /** An outage is open: since when and why (the desk sees it). */
  openIncident: z.object({ startedAt: z.string(), reason: z.string() }).nullable(),
});
export type VerifactuMode = z.infer<typeof verifactuModeSchema>;

/** POST /api/verifactu/mode: the admin's switch to producción, confirmed. */
export const switchToProductionSchema = z.strictObject({
  mode: z.literal('produccion', { error: 'Solo se puede pasar a producción' }),
  confirm: z.literal(true, { error: 'Confirma que quieres pasar a producción: no tiene vuelta atrás' }),
  /** The certificate's holder is not the issuer but is registered with the AEAT as its representative. */
  representative: z.boolean().default(false),
});
export type SwitchToProductionInput = z.input<typeof switchToProductionSchema>;

/** «Incidencias»: each time the AEAT could not be reached, from the first failed attempt to the next answer. */
export const verifactuIncidentSchema = z.object({
  id: z.number().int(),
  issuerNif: z.string(),
  mode: z.enum(BILLING_MODES),
  startedAt: z.string(),
  /** null: still going on. */
  endedAt: z.string().nullable(),
  reason: z.string(),
  lastError: z.string(),
});
export type VerifactuIncident = z.infer<typeof verifactuIncidentSchema>;
export const verifactuIncidentsSchema = z.object({ incidents: z.array(verifactuIncidentSchema) });

/** One numbered point of the declaración responsable (art. 13 Orden HAC/1177/2024). */
export const declarationItemSchema = z.object({ key: z.string(), label: z.string(), text: z.string() });
export type DeclarationItem = z.infer<typeof declarationItemSchema>;

/** GET /api/public/about: the product, its producer and the declaración responsable, for anyone to read. */
export const aboutSchema = z.object({
  system: informationSystemViewSchema,
  declaration: z.object({ title: z.string(), items: z.array(declarationItemSchema) }),
});
export type About = z.infer<typeof aboutSchema>;
