import type { Temporal } from 'temporal-polyfill';

/**
 * The VERI*FACTU record model (RD 1007/2023, Orden HAC/1177/2024), in our words. Amounts are integer cents;
 * only the XML and the Huella write them as the AEAT's decimals (amounts.ts). The element each field becomes is
 * named beside it, as SuministroInformacion.xsd spells it.
 */
export type Cents = number;

/** TipoFactura. F3: a complete invoice issued in place of simplified ones (named in FacturasSustituidas). */
export type InvoiceType = 'F1' | 'F2' | 'F3' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
export const RECTIFYING_TYPES: readonly InvoiceType[] = ['R1', 'R2', 'R3', 'R4', 'R5'];

/** TipoRectificativa: by substitution (S) or by difference (I, «incremental»). */
export type RectificationKind = 'S' | 'I';

/** The VAT rates a clinic's taxable lines carry (general, reduced, super-reduced). */
export type TaxRate = 21 | 10 | 4;

/** A Spanish taxpayer with a NIF (PersonaFisicaJuridicaESType): the issuer, the software's producer. */
export interface TaxPerson {
  name: string; // NombreRazon
  nif: string; // NIF
}

/** IDOtro's IDType: 02 NIF-IVA, 03 pasaporte, 04 documento del país de residencia, 05 certificado de residencia… */
export type OtherIdType = '02' | '03' | '04' | '05' | '06' | '07';

/** IDDestinatario: a Spanish NIF, or another identity document (a foreign patient's passport). */
export type Recipient =
  | { name: string; nif: string }
  | { name: string; otherId: { country?: string; type: OtherIdType; id: string } };

/** What names an invoice: IDEmisorFactura, NumSerieFactura (series and number), FechaExpedicionFactura. */
export interface InvoiceId {
  issuerNif: string;
  number: string;
  issueDate: Temporal.PlainDate;
}

/**
 * A DetalleDesglose line. Health care is exempt under art. 20.Uno.3º Ley 37/1992 (OperacionExenta E1, «exenta
 * por el artículo 20»); anything else the clinic sells is taxable (CalificacionOperacion S1) at one of the rates.
 */
export type BreakdownLine =
  | { kind: 'exempt'; exemption: 'E1'; base: Cents }
  | { kind: 'taxable'; rate: TaxRate; base: Cents };

/** A rectifying invoice's FacturasRectificadas, and for a substitution its ImporteRectificacion. */
export interface Rectification {
  kind: RectificationKind;
  rectified: InvoiceId[];
  /** BaseRectificada / CuotaRectificada: the base and tax of the invoice being replaced (only by substitution). */
  substituted?: { base: Cents; tax: Cents };
}

/** The invoice a registro de alta records. */
export interface AltaInvoice {
  issuer: TaxPerson; // IDEmisorFactura + NombreRazonEmisor
  number: string; // NumSerieFactura
  issueDate: Temporal.PlainDate; // FechaExpedicionFactura
  type: InvoiceType; // TipoFactura
  description: string; // DescripcionOperacion
  /** Destinatarios: required on a full invoice (F1, F3, R1–R4), absent on a simplified one (F2, R5). */
  recipient?: Recipient;
  lines: BreakdownLine[]; // Desglose (1 to 12 lines)
  rectification?: Rectification;
  /** FacturasSustituidas: the simplified invoices an F3 replaces (1 to 1 000). */
  substituted?: InvoiceId[];
  operationDate?: Temporal.PlainDate; // FechaOperacion, when it differs from the date of issue
}

/** Encadenamiento: PrimerRegistro = S, or the previous record of the same issuer's chain and its Huella. */
export type ChainLink = { first: true } | { first: false; previous: InvoiceId & { huella: string } };

/** SistemaInformatico: who made the invoicing software, which product and version, and this installation. */
export interface InformationSystem {
  producer: TaxPerson;
  name: string; // NombreSistemaInformatico (≤ 30)
  id: string; // IdSistemaInformatico (≤ 2)
  version: string; // Version
  installationNumber: string; // NumeroInstalacion
  onlyVerifactu: boolean; // TipoUsoPosibleSoloVerifactu
  multipleTaxpayersPossible: boolean; // TipoUsoPosibleMultiOT
  multipleTaxpayers: boolean; // IndicadorMultiplesOT
}

interface RecordBase {
  chain: ChainLink;
  system: InformationSystem;
  /** FechaHoraHusoGenRegistro exactly as written (yyyy-mm-ddThh:mm:ss±hh:mm), so the Huella reads the same text. */
  generatedAt: string;
  huella: string;
}

/**
 * Subsanacion = S with its RechazoPrevio: a new registro de alta that corrects an earlier one of the same invoice.
 * `X`: the AEAT never registered the invoice (its alta was rejected); `S`: the AEAT has it and a previous
 * subsanación was rejected; `N`: the AEAT has it and nothing was rejected (an alta accepted with errors).
 */
export interface Correction {
  rejectedBefore: 'N' | 'S' | 'X';
}

export interface RegistroAlta extends RecordBase {
  kind: 'alta';
  invoice: AltaInvoice;
  /** Absent on an invoice's first alta. */
  correction?: Correction;
}

export interface RegistroAnulacion extends RecordBase {
  kind: 'anulacion';
  issuer: TaxPerson;
  cancelled: InvoiceId;
}

export type RegistroFacturacion = RegistroAlta | RegistroAnulacion;
