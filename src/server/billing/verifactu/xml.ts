import { formatAmount, formatRate, invoiceTotals, lineTax } from './amounts';
import { formatDate } from './dates';
import { recordIssuerNif } from './records';
import {
  type AltaInvoice,
  type BreakdownLine,
  type ChainLink,
  type InformationSystem,
  type InvoiceId,
  type Recipient,
  type RegistroAlta,
  type RegistroAnulacion,
  type RegistroFacturacion,
  type TaxPerson,
} from './types';
import { element, leaf, serialize, type XmlElement } from './xml-writer';

/** The AEAT's namespaces (the schemas' targetNamespace, which is also where they are published). */
const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const SF_NAMESPACE = `${AEAT_WS}/SuministroInformacion.xsd`;
export const SF_LR_NAMESPACE = `${AEAT_WS}/SuministroLR.xsd`;

/** At most 1 000 RegistroFactura per RegFactuSistemaFacturacion (SuministroLR.xsd, maxOccurs). */
export const MAX_RECORDS_PER_DOCUMENT = 1000;

const ID_VERSION = '1.0';
const TIPO_HUELLA_SHA256 = '01';
const TAX_VAT = '01'; // Impuesto: IVA
const REGIME_GENERAL = '01'; // ClaveRegimen: operación de régimen general
const SUBJECT_NOT_EXEMPT = 'S1'; // CalificacionOperacion: sujeta y no exenta, sin inversión del sujeto pasivo

const sf = (name: string) => `sf:${name}`;
const yesNo = (value: boolean) => (value ? 'S' : 'N');

function invoiceIdElements(id: InvoiceId): XmlElement[] {
  return [
    leaf(sf('IDEmisorFactura'), id.issuerNif),
    leaf(sf('NumSerieFactura'), id.number),
    leaf(sf('FechaExpedicionFactura'), formatDate(id.issueDate)),
  ];
}

function recipientElement(recipient: Recipient): XmlElement {
  const identity =
    'nif' in recipient
      ? leaf(sf('NIF'), recipient.nif)
      : element(sf('IDOtro'), [
          recipient.otherId.country !== undefined && leaf(sf('CodigoPais'), recipient.otherId.country),
          leaf(sf('IDType'), recipient.otherId.type),
          leaf(sf('ID'), recipient.otherId.id.trim()),
        ]);
  return element(sf('IDDestinatario'), [leaf(sf('NombreRazon'), recipient.name.trim()), identity]);
}

function breakdownLineElement(line: BreakdownLine): XmlElement {
  const common = [leaf(sf('Impuesto'), TAX_VAT), leaf(sf('ClaveRegimen'), REGIME_GENERAL)];
  if (line.kind === 'exempt') {
    return element(sf('DetalleDesglose'), [
      ...common,
      leaf(sf('OperacionExenta'), line.exemption),
      leaf(sf('BaseImponibleOimporteNoSujeto'), formatAmount(line.base)),
    ]);
  }
  return element(sf('DetalleDesglose'), [
    ...common,
    leaf(sf('CalificacionOperacion'), SUBJECT_NOT_EXEMPT),
    leaf(sf('TipoImpositivo'), formatRate(line.rate)),
    leaf(sf('BaseImponibleOimporteNoSujeto'), formatAmount(line.base)),
    leaf(sf('CuotaRepercutida'), formatAmount(lineTax(line))),
  ]);
}

function chainElement(chain: ChainLink): XmlElement {
  if (chain.first) return element(sf('Encadenamiento'), [leaf(sf('PrimerRegistro'), 'S')]);
  return element(sf('Encadenamiento'), [
    element(sf('RegistroAnterior'), [...invoiceIdElements(chain.previous), leaf(sf('Huella'), chain.previous.huella)]),
  ]);
}

function systemElement(system: InformationSystem): XmlElement {
  return element(sf('SistemaInformatico'), [
    leaf(sf('NombreRazon'), system.producer.name),
    leaf(sf('NIF'), system.producer.nif),
    leaf(sf('NombreSistemaInformatico'), system.name),
    leaf(sf('IdSistemaInformatico'), system.id),
    leaf(sf('Version'), system.version),
    leaf(sf('NumeroInstalacion'), system.installationNumber),
    leaf(sf('TipoUsoPosibleSoloVerifactu'), yesNo(system.onlyVerifactu)),
    leaf(sf('TipoUsoPosibleMultiOT'), yesNo(system.multipleTaxpayersPossible)),
    leaf(sf('IndicadorMultiplesOT'), yesNo(system.multipleTaxpayers)),
  ]);
}

/** FacturasSustituidas: the simplified invoices an F3 replaces. */
function substitutionElement(invoice: AltaInvoice): XmlElement[] {
  if (!invoice.substituted?.length) return [];
  const substituted = invoice.substituted.map((id) => element(sf('IDFacturaSustituida'), invoiceIdElements(id)));
  return [element(sf('FacturasSustituidas'), substituted)];
}

/** TipoRectificativa, FacturasRectificadas, then (after FacturasSustituidas) ImporteRectificacion. */
function rectificationElements(invoice: AltaInvoice): XmlElement[] {
  const { rectification } = invoice;
  if (!rectification) return substitutionElement(invoice);
  const rectified = rectification.rectified.map((id) => element(sf('IDFacturaRectificada'), invoiceIdElements(id)));
  return [
    leaf(sf('TipoRectificativa'), rectification.kind),
    element(sf('FacturasRectificadas'), rectified),
    ...substitutionElement(invoice),
    ...(rectification.substituted
      ? [
          element(sf('ImporteRectificacion'), [
            leaf(sf('BaseRectificada'), formatAmount(rectification.substituted.base)),
            leaf(sf('CuotaRectificada'), formatAmount(rectification.substituted.tax)),
          ]),
        ]
      : []),
  ];
}

/** RegistroAlta, in the order RegistroFacturacionAltaType lists its elements. */
export function altaElement(record: RegistroAlta): XmlElement {
  const { invoice } = record;
  const totals = invoiceTotals(invoice.lines);
  return element(sf('RegistroAlta'), [
    leaf(sf('IDVersion'), ID_VERSION),
    element(
      sf('IDFactura'),
      invoiceIdElements({ issuerNif: invoice.issuer.nif, number: invoice.number, issueDate: invoice.issueDate }),
    ),
    leaf(sf('NombreRazonEmisor'), invoice.issuer.name.trim()),
    record.correction && leaf(sf('Subsanacion'), 'S'),
    record.correction && leaf(sf('RechazoPrevio'), record.correction.rejectedBefore),
    leaf(sf('TipoFactura'), invoice.type),
    ...rectificationElements(invoice),
    invoice.operationDate && leaf(sf('FechaOperacion'), formatDate(invoice.operationDate)),
    leaf(sf('DescripcionOperacion'), invoice.description.trim()),
    invoice.recipient && element(sf('Destinatarios'), [recipientElement(invoice.recipient)]),
    element(sf('Desglose'), invoice.lines.map(breakdownLineElement)),
    leaf(sf('CuotaTotal'), formatAmount(totals.tax)),
    leaf(sf('ImporteTotal'), formatAmount(totals.total)),
    chainElement(record.chain),
    systemElement(record.system),
    leaf(sf('FechaHoraHusoGenRegistro'), record.generatedAt),
    leaf(sf('TipoHuella'), TIPO_HUELLA_SHA256),
    leaf(sf('Huella'), record.huella),
  ]);
}

/** RegistroAnulacion, in the order RegistroFacturacionAnulacionType lists its elements. */
export function anulacionElement(record: RegistroAnulacion): XmlElement {
  const { cancelled } = record;
  return element(sf('RegistroAnulacion'), [
    leaf(sf('IDVersion'), ID_VERSION),
    element(sf('IDFactura'), [
      leaf(sf('IDEmisorFacturaAnulada'), cancelled.issuerNif),
      leaf(sf('NumSerieFacturaAnulada'), cancelled.number),
      leaf(sf('FechaExpedicionFacturaAnulada'), formatDate(cancelled.issueDate)),
    ]),
    chainElement(record.chain),
    systemElement(record.system),
    leaf(sf('FechaHoraHusoGenRegistro'), record.generatedAt),
    leaf(sf('TipoHuella'), TIPO_HUELLA_SHA256),
    leaf(sf('Huella'), record.huella),
  ]);
}

export function recordElement(record: RegistroFacturacion): XmlElement {
  return record.kind === 'alta' ? altaElement(record) : anulacionElement(record);
}

/** One record as a document of its own (kept beside the record); it validates against SuministroInformacion.xsd. */
export function recordXml(record: RegistroFacturacion): string {
  const root = recordElement(record);
  return serialize({ ...root, attributes: { 'xmlns:sf': SF_NAMESPACE } });
}

/** What the Cabecera says of a submission beside its issuer. */
export interface SubmissionOptions {
  /**
   * Its records were generated, or could not be sent, while the AEAT could not be reached: RemisionVoluntaria's
   * Incidencia = S (a VERI*FACTU system's sending is the «remisión voluntaria» of RD 1007/2023).
   */
  incident?: boolean;
}

/** RegFactuSistemaFacturacion: the Cabecera (ObligadoEmision) and 1 to 1 000 RegistroFactura, in chain order. */
export function submissionXml(
  issuer: TaxPerson,
  records: readonly RegistroFacturacion[],
  options: SubmissionOptions = {},
): string {
  if (records.length === 0 || records.length > MAX_RECORDS_PER_DOCUMENT) {
    throw new RangeError(`Un envío lleva de 1 a ${MAX_RECORDS_PER_DOCUMENT} registros, no ${records.length}`);
  }
  for (const record of records) {
    if (recordIssuerNif(record) !== issuer.nif) throw new RangeError('Un envío lleva registros de un solo emisor');
  }
  const root = element(
    'sfLR:RegFactuSistemaFacturacion',
    [
      element('sfLR:Cabecera', [
        element(sf('ObligadoEmision'), [leaf(sf('NombreRazon'), issuer.name.trim()), leaf(sf('NIF'), issuer.nif)]),
        options.incident && element(sf('RemisionVoluntaria'), [leaf(sf('Incidencia'), 'S')]),
      ]),
      ...records.map((record) => element('sfLR:RegistroFactura', [recordElement(record)])),
    ],
    { 'xmlns:sfLR': SF_LR_NAMESPACE, 'xmlns:sf': SF_NAMESPACE },
  );
  return serialize(root);
}

/** Splits a list into pages of at most `size`, keeping the order. */
export function paginate<T>(items: readonly T[], size: number = MAX_RECORDS_PER_DOCUMENT): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Tamaño de página no válido: ${size}`);
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/** Every record of an issuer's chain, in order, as documents of at most 1 000 records each. */
export function submissionDocuments(issuer: TaxPerson, records: readonly RegistroFacturacion[]): string[] {
  return paginate(records).map((page) => submissionXml(issuer, page));
}
