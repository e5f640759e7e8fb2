import { createHash } from 'node:crypto';
import { formatAmount, invoiceTotals } from './amounts';
import { formatDate } from './dates';
import { type ChainLink, type RegistroAlta, type RegistroAnulacion, type RegistroFacturacion } from './types';

/**
 * The Huella (SPEC §7; the AEAT's «Detalle de las especificaciones técnicas para generación de la huella o hash
 * de los registros de facturación»): SHA-256 of a `name=value&…` string in UTF-8, as 64 uppercase hex digits.
 * Each value is the text the record's XML carries (amounts and dates formatted alike), trimmed; the previous
 * record's Huella is empty on the first record of a chain.
 */

/** The alta's fields, in the order they are chained, exactly as the XML writes them. */
export interface AltaHuellaValues {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

/** The anulación's fields, in order, exactly as the XML writes them. */
export interface AnulacionHuellaValues {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

const ALTA_ORDER = [
  'IDEmisorFactura',
  'NumSerieFactura',
  'FechaExpedicionFactura',
  'TipoFactura',
  'CuotaTotal',
  'ImporteTotal',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const satisfies readonly (keyof AltaHuellaValues)[];

const ANULACION_ORDER = [
  'IDEmisorFacturaAnulada',
  'NumSerieFacturaAnulada',
  'FechaExpedicionFacturaAnulada',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const satisfies readonly (keyof AnulacionHuellaValues)[];

function chained<T extends object>(values: T, order: readonly (keyof T & string)[]): string {
  return order.map((name) => `${name}=${String(values[name]).trim()}`).join('&');
}

export function altaHuellaInput(values: AltaHuellaValues): string {
  return chained(values, ALTA_ORDER);
}

export function anulacionHuellaInput(values: AnulacionHuellaValues): string {
  return chained(values, ANULACION_ORDER);
}

/** SHA-256 of the UTF-8 text, uppercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

export function previousHuella(chain: ChainLink): string {
  return chain.first ? '' : chain.previous.huella;
}

type Unsealed<T> = Omit<T, 'huella'>;

/** The values an alta's Huella chains, written as xml.ts writes them. */
export function altaHuellaValues(record: Unsealed<RegistroAlta>): AltaHuellaValues {
  const { invoice } = record;
  const totals = invoiceTotals(invoice.lines);
  return {
    IDEmisorFactura: invoice.issuer.nif,
    NumSerieFactura: invoice.number,
    FechaExpedicionFactura: formatDate(invoice.issueDate),
    TipoFactura: invoice.type,
    CuotaTotal: formatAmount(totals.tax),
    ImporteTotal: formatAmount(totals.total),
    Huella: previousHuella(record.chain),
    FechaHoraHusoGenRegistro: record.generatedAt,
  };
}

/** The values an anulación's Huella chains, written as xml.ts writes them. */
export function anulacionHuellaValues(record: Unsealed<RegistroAnulacion>): AnulacionHuellaValues {
  return {
    IDEmisorFacturaAnulada: record.cancelled.issuerNif,
    NumSerieFacturaAnulada: record.cancelled.number,
    FechaExpedicionFacturaAnulada: formatDate(record.cancelled.issueDate),
    Huella: previousHuella(record.chain),
    FechaHoraHusoGenRegistro: record.generatedAt,
  };
}

/** The Huella a record must carry, recomputed from its fields (its own `huella`, if any, is not read). */
export function computeHuella(record: Unsealed<RegistroAlta> | Unsealed<RegistroAnulacion>): string {
  return sha256Hex(
    record.kind === 'alta'
      ? altaHuellaInput(altaHuellaValues(record))
      : anulacionHuellaInput(anulacionHuellaValues(record)),
  );
}

/** The record's own Huella agrees with its fields. */
export function huellaMatches(record: RegistroFacturacion): boolean {
  return computeHuella(record) === record.huella;
}
