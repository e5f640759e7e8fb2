import { type Temporal } from 'temporal-polyfill';
import { invoiceTotals } from './amounts';
import { DEFAULT_TIME_ZONE, formatGeneratedAt } from './dates';
import { computeHuella } from './huella';
import { PRODUCT_VERSION, SYSTEM_ID, SYSTEM_NAME } from '../../platform';
import {
  RECTIFYING_TYPES,
  type AltaInvoice,
  type ChainLink,
  type Correction,
  type InformationSystem,
  type InvoiceId,
  type RegistroAlta,
  type RegistroAnulacion,
  type RegistroFacturacion,
  type TaxPerson,
} from './types';

/** A record that cannot be generated as asked; the message is Spanish because staff may read it. */
export class VerifactuError extends Error {
  override name = 'VerifactuError';
}

/** Simplified invoices (F2) up to 400 € including VAT (RD 1619/2012, art. 4.1). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 400_00;
/** DesgloseType allows 1 to 12 DetalleDesglose. */
export const MAX_BREAKDOWN_LINES = 12;

/** The software's producer (producer.ts, never the clinic) and this installation's number (one per database). */
export interface InformationSystemConfig {
  producer: TaxPerson;
  installationNumber: string;
  version?: string;
}

/** SistemaInformatico for this product: «Clínica», our version, one taxpayer per installation, VERI*FACTU only. */
export function informationSystem(config: InformationSystemConfig): InformationSystem {
  return {
    producer: config.producer,
    name: SYSTEM_NAME,
    id: SYSTEM_ID,
    version: config.version ?? PRODUCT_VERSION,
    installationNumber: config.installationNumber,
    onlyVerifactu: true,
    multipleTaxpayersPossible: false,
    multipleTaxpayers: false,
  };
}

/** The invoice a record names: the alta's own, or the one an anulación cancels. */
export function recordInvoiceId(record: RegistroFacturacion): InvoiceId {
  if (record.kind === 'anulacion') return record.cancelled;
  return { issuerNif: record.invoice.issuer.nif, number: record.invoice.number, issueDate: record.invoice.issueDate };
}

export function recordIssuerNif(record: RegistroFacturacion): string {
  return recordInvoiceId(record).issuerNif;
}

/** Encadenamiento for the record generated after `previous` (none: the first of the issuer's chain). */
export function chainLinkAfter(previous: RegistroFacturacion | null, issuerNif: string): ChainLink {
  if (!previous) return { first: true };
  if (recordIssuerNif(previous) !== issuerNif) {
    throw new VerifactuError('El registro anterior es de otro emisor: cada NIF lleva su propia cadena');
  }
  return { first: false, previous: { ...recordInvoiceId(previous), huella: previous.huella } };
}

export interface GenerationContext {
  /** The last record of the issuer's chain, or null for the first. */
  previous: RegistroFacturacion | null;
  /** The instant the record is generated (from the server's one clock). */
  at: Temporal.Instant;
  timeZone?: string;
  system: InformationSystem;
}

/**
 * A registro de alta for an issued invoice, chained after `context.previous` and sealed with its Huella. With a
 * `correction` it is a subsanación: the same invoice sent again as a new record (its Huella does not read the
 * Subsanacion and RechazoPrevio flags).
 */
export function createAlta(invoice: AltaInvoice, context: GenerationContext, correction?: Correction): RegistroAlta {
  checkInvoice(invoice);
  const unsealed = {
    kind: 'alta' as const,
    invoice,
    ...(correction ? { correction } : {}),
    chain: chainLinkAfter(context.previous, invoice.issuer.nif),
    system: context.system,
    generatedAt: formatGeneratedAt(context.at, context.timeZone ?? DEFAULT_TIME_ZONE),
  };
  return { ...unsealed, huella: computeHuella(unsealed) };
}

/** A registro de anulación for a cancelled invoice, chained and sealed the same way. */
export function createAnulacion(
  issuer: TaxPerson,
  cancelled: InvoiceId,
  context: GenerationContext,
): RegistroAnulacion {
  checkNif(issuer.nif, 'del emisor');
  if (cancelled.issuerNif !== issuer.nif) throw new VerifactuError('Solo se anulan facturas del mismo emisor');
  checkNumber(cancelled.number);
  const unsealed = {
    kind: 'anulacion' as const,
    issuer,
    cancelled,
    chain: chainLinkAfter(context.previous, issuer.nif),
    system: context.system,
    generatedAt: formatGeneratedAt(context.at, context.timeZone ?? DEFAULT_TIME_ZONE),
  };
  return { ...unsealed, huella: computeHuella(unsealed) };
}

function checkNif(nif: string, whose: string): void {
  if (!/^[0-9A-Z]{9}$/.test(nif)) throw new VerifactuError(`El NIF ${whose} debe tener 9 letras o números: «${nif}»`);
}

/** NumSerieFactura: 1 to 60 printable ASCII characters (the AEAT admits no others). */
function checkNumber(number: string): void {
  if (!/^[\x20-\x7E]{1,60}$/.test(number) || number.trim() !== number) {
    throw new VerifactuError(`El número de factura debe tener de 1 a 60 caracteres ASCII imprimibles: «${number}»`);
  }
}

/** The rules the AEAT checks on a registro de alta that the schema alone does not. */
function checkInvoice(invoice: AltaInvoice): void {
  checkNif(invoice.issuer.nif, 'del emisor');
  checkNumber(invoice.number);
  if (invoice.issuer.name.trim().length === 0 || invoice.issuer.name.length > 120) {
    throw new VerifactuError('El nombre del emisor debe tener de 1 a 120 caracteres');
  }
  if (invoice.description.trim().length === 0 || invoice.description.length > 500) {
    throw new VerifactuError('La descripción de la operación debe tener de 1 a 500 caracteres');
  }
  if (invoice.lines.length === 0 || invoice.lines.length > MAX_BREAKDOWN_LINES) {
    throw new VerifactuError(`El desglose debe tener de 1 a ${MAX_BREAKDOWN_LINES} líneas`);
  }
  for (const line of invoice.lines) {
    if (!Number.isSafeInteger(line.base)) throw new VerifactuError('Las bases se expresan en céntimos enteros');
  }
  const simplified = invoice.type === 'F2' || invoice.type === 'R5';
  if (simplified && invoice.recipient) {
    throw new VerifactuError(`Una factura ${invoice.type} (simplificada) no identifica al destinatario`);
  }
  if (!simplified && !invoice.recipient) {
    throw new VerifactuError(`Una factura ${invoice.type} (completa) debe identificar al destinatario`);
  }
  if (invoice.recipient && 'nif' in invoice.recipient) checkNif(invoice.recipient.nif, 'del destinatario');
  if (invoice.type === 'F2' && invoiceTotals(invoice.lines).total > SIMPLIFIED_INVOICE_LIMIT_CENTS) {
    throw new VerifactuError('Una factura simplificada no puede superar 400 € IVA incluido');
  }
  checkRectification(invoice);
  checkSubstitution(invoice);
}

/** An F3 names the simplified invoices it replaces (1 to 1 000), of its own issuer; no other invoice names any. */
function checkSubstitution(invoice: AltaInvoice): void {
  const substituted = invoice.substituted ?? [];
  if (invoice.type !== 'F3') {
    if (substituted.length > 0) throw new VerifactuError(`Una factura ${invoice.type} no sustituye a otras`);
    return;
  }
  if (substituted.length === 0 || substituted.length > 1000) {
    throw new VerifactuError('Una factura F3 debe nombrar de 1 a 1 000 facturas sustituidas');
  }
  for (const id of substituted) {
    if (id.issuerNif !== invoice.issuer.nif) throw new VerifactuError('Una F3 solo sustituye facturas de su emisor');
    checkNumber(id.number);
  }
}

function checkRectification(invoice: AltaInvoice): void {
  const rectifying = RECTIFYING_TYPES.includes(invoice.type);
  const { rectification } = invoice;
  if (!rectifying) {
    if (rectification) throw new VerifactuError(`Una factura ${invoice.type} no rectifica otras`);
    return;
  }
  if (!rectification || rectification.rectified.length === 0) {
    throw new VerifactuError(`Una factura rectificativa ${invoice.type} debe nombrar las facturas que rectifica`);
  }
  if (rectification.kind === 'S' && !rectification.substituted) {
    throw new VerifactuError('Una rectificativa por sustitución debe indicar la base y la cuota rectificadas');
  }
  if (rectification.kind === 'I' && rectification.substituted) {
    throw new VerifactuError('Una rectificativa por diferencias no lleva importe de rectificación');
  }
  for (const rectified of rectification.rectified) {
    checkNif(rectified.issuerNif, 'de la factura rectificada');
    checkNumber(rectified.number);
  }
}
