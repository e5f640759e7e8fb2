import { Temporal } from 'temporal-polyfill';
import { MODEL_347_THRESHOLD_CENTS, type Model347, type VatReturn } from '../../../common/schemas/books';
import { VAT_TREATMENTS, type VatTreatment } from '../../../common/schemas/clinic-services';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../common/schemas/payments';
import { vatBreakdown, type VatGroup } from '../invoices/lines';
import type { BookInvoiceRow } from './repository';

/**
 * The libro registro de facturas expedidas (RIVA art. 63) in the AEAT's common electronic layout of the VAT and
 * IRPF books («Formato electrónico de los libros registro», sheet EXPEDIDAS), the modelo 303's summary and the
 * modelo 347's customers, all from one reading of the invoices so that they add up to each other to the cent.
 *
 * One row per invoice and VAT group of its breakdown (exempt first, then by rate, as the record's Desglose), its
 * total on the first; a rectificativa por sustitución is followed by the amounts of the invoice it replaces, negative,
 * and a cancelled invoice by its own amounts, negative: the rows of an invoice add up to what it adds to the books
 * (`invoices/books.ts`). Payments fill the «Cobro» columns, one a row, with more rows when there are more payments
 * than groups (docs/decisions/0099-libro-registro-layout.md).
 */

/** The two header rows: each column's group (merged over its sub-columns) and its own name. */
export const LEDGER_COLUMNS: { group: string; name: string }[] = [
  { group: 'Autoliquidación', name: 'Ejercicio' },
  { group: 'Autoliquidación', name: 'Periodo' },
  { group: 'Actividad', name: 'Código' },
  { group: 'Actividad', name: 'Tipo' },
  { group: 'Actividad', name: 'Grupo o Epígrafe del IAE' },
  { group: 'Tipo de Factura', name: '' },
  { group: 'Concepto de Ingreso', name: '' },
  { group: 'Ingreso Computable', name: '' },
  { group: 'Fecha Expedición', name: '' },
  { group: 'Fecha Operación', name: '' },
  { group: 'Identificación de la Factura', name: 'Serie' },
  { group: 'Identificación de la Factura', name: 'Número' },
  { group: 'Identificación de la Factura', name: 'Número-Final' },
  { group: 'NIF Destinatario', name: 'Tipo' },
  { group: 'NIF Destinatario', name: 'Código País' },
  { group: 'NIF Destinatario', name: 'Identificación' },
  { group: 'Nombre Destinatario', name: '' },
  { group: 'Clave de Operación', name: '' },
  { group: 'Calificación de la Operación', name: '' },
  { group: 'Operación Exenta', name: '' },
  { group: 'Total Factura', name: '' },
  { group: 'Base Imponible', name: '' },
  { group: 'Tipo de IVA', name: '' },
  { group: 'Cuota IVA Repercutida', name: '' },
  { group: 'Tipo de Recargo Eq.', name: '' },
  { group: 'Cuota Recargo Eq.', name: '' },
  { group: 'Cobro (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)', name: 'Fecha' },
  { group: 'Cobro (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)', name: 'Importe' },
  {
    group: 'Cobro (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)',
    name: 'Medio Utilizado',
  },
  {
    group: 'Cobro (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)',
    name: 'Identificación Medio Utilizado',
  },
  { group: 'Tipo Retención del IRPF', name: '' },
  { group: 'Importe Retenido del IRPF', name: '' },
  { group: 'Registro Acuerdo Facturación', name: '' },
  { group: 'Inmueble', name: 'Situación' },
  { group: 'Inmueble', name: 'Referencia Catastral' },
  { group: 'Referencia Externa', name: '' },
];

/** A cell of the libro: text, a whole number, an amount in cents, a day (yyyy-mm-dd), or empty. */
export type LedgerCell =
  | { kind: 'text'; value: string }
  | { kind: 'integer'; value: number }
  | { kind: 'cents'; value: number }
  | { kind: 'day'; value: string }
  | null;

const text = (value: string): LedgerCell => (value ? { kind: 'text', value } : null);
const integer = (value: number): LedgerCell => ({ kind: 'integer', value });
const cents = (value: number): LedgerCell => ({ kind: 'cents', value });
const day = (value: string): LedgerCell => ({ kind: 'day', value });

/** L11 «Medio de cobro» of the AEAT: 01 transferencia, 04 otros (cash, card and Bizum are named beside it). */
const PAYMENT_MEANS: Record<PaymentMethod, string> = {
  transferencia: '01',
  efectivo: '04',
  tarjeta: '04',
  bizum: '04',
};

/** «1T»…«4T»: the quarter of a day. */
export const quarterOf = (isoDay: string) => Math.floor((Number(isoDay.slice(5, 7)) - 1) / 3) + 1;
const periodOf = (isoDay: string) => `${quarterOf(isoDay)}T`;
const esDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** One VAT group's amounts on the libro, with the sign it counts with. */
interface Entry {
  vat: VatTreatment;
  baseCents: number;
  taxCents: number;
}

/** The breakdown of an invoice's bases by treatment, as its record writes it (each group's cuota rounded once). */
const groupsOf = (bases: Partial<Record<VatTreatment, number>>): VatGroup[] =>
  vatBreakdown(VAT_TREATMENTS.filter((vat) => bases[vat] !== undefined).map((vat) => ({ vat, baseCents: bases[vat]! })))
    .groups;

/** How an invoice stands in the books: its rows' amounts, each block with its total and what it says. */
interface Block {
  totalCents: number;
  entries: Entry[];
  reference: string;
}

/** What a simplified invoice's rows say when an F3 replaced it (it still counts: its F3 does not). */
const replaced = (invoice: BookInvoiceRow) =>
  invoice.substitutedBy
    ? `Sustituida por la factura completa ${invoice.substitutedBy.number}, de ${esDay(invoice.substitutedBy.issueDate)}`
    : '';

/**
 * The blocks of rows of one invoice: as issued; then what it replaces (negative) or, on an F3, its own amounts
 * (negative); or its cancellation (negative).
 */
function blocksOf(invoice: BookInvoiceRow): Block[] {
  const own = groupsOf(invoice.bases);
  const rectified = invoice.rectification;
  const reference = rectified
    ? `Rectifica la factura ${rectified.number}, de ${esDay(rectified.issueDate)}, ${rectified.kind === 'S' ? 'por sustitución' : 'por diferencias'}`
    : '';
  const blocks: Block[] = [{ totalCents: invoice.totalCents, entries: own, reference: reference || replaced(invoice) }];
  if (invoice.substitutes.length > 0) {
    // An F3: the AEAT does not count its VAT again (the simplified invoices it replaces were, when issued).
    blocks.push({
      totalCents: -invoice.totalCents,
      entries: own.map((group) => ({ ...group, baseCents: -group.baseCents, taxCents: -group.taxCents })),
      reference: `Sustituye a ${invoice.substitutes.map((id) => `${id.number}, de ${esDay(id.issueDate)}`).join('; ')}, ya anotadas: no cuenta`,
    });
  } else if (invoice.cancelledOn) {
    blocks.push({
      totalCents: -invoice.totalCents,
      entries: own.map((group) => ({ ...group, baseCents: -group.baseCents, taxCents: -group.taxCents })),
      reference: `Anulada el ${esDay(invoice.cancelledOn)}: no cuenta`,
    });
  } else if (rectified?.kind === 'S') {
    blocks.push({
      totalCents: -rectified.totalCents,
      entries: groupsOf(rectified.bases).map((group) => ({
        ...group,
        baseCents: -group.baseCents,
        taxCents: -group.taxCents,
      })),
      reference: `Importes de la factura sustituida ${rectified.number}, en negativo`,
    });
  }
  return blocks;
}

/** The identification columns every row of an invoice repeats (A–Q and the operation's key). */
function identification(invoice: BookInvoiceRow): LedgerCell[] {
  const [series, ...rest] = invoice.number.split('-');
  const recipient = invoice.recipient;
  const other = recipient?.otherId;
  return [
    integer(Number(invoice.issueDate.slice(0, 4))),
    text(periodOf(invoice.issueDate)),
    null,
    null,
    null,
    text(invoice.type),
    null,
    null,
    day(invoice.issueDate),
    invoice.operationDate && invoice.operationDate !== invoice.issueDate ? day(invoice.operationDate) : null,
    text(rest.length > 0 ? series! : ''),
    text(rest.length > 0 ? rest.join('-') : invoice.number),
    null,
    text(other?.type ?? ''),
    text(other?.country ?? ''),
    text(recipient?.nif ?? other?.id ?? ''),
    text(recipient?.name ?? ''),
  ];
}

/** The libro's rows for these invoices (already in order of date and number), each a list of the 36 columns' cells. */
export function ledgerRows(invoices: readonly BookInvoiceRow[]): LedgerCell[][] {
  const rows: LedgerCell[][] = [];
  for (const invoice of invoices) {
    const id = identification(invoice);
    const paymentsLeft = [...invoice.payments];
    const cobro = (): LedgerCell[] => {
      const payment = paymentsLeft.shift();
      return payment
        ? [
            day(payment.day),
            cents(payment.amountCents),
            text(PAYMENT_MEANS[payment.method]),
            text(PAYMENT_METHOD_LABELS[payment.method]),
          ]
        : [null, null, null, null];
    };
    for (const block of blocksOf(invoice)) {
      // An invoice of zero amounts still has its row (the libro is correlative, without gaps).
      const entries =
        block.entries.length > 0 ? block.entries : [{ vat: 'exenta' as const, baseCents: 0, taxCents: 0 }];
      entries.forEach((entry, index) => {
        const exempt = entry.vat === 'exenta';
        rows.push([
          ...id,
          text('01'),
          text(exempt ? '' : 'S1'),
          text(exempt ? 'E1' : ''),
          index === 0 ? cents(block.totalCents) : null,
          cents(entry.baseCents),
          exempt ? null : integer(Number(entry.vat)),
          exempt ? null : cents(entry.taxCents),
          null,
          null,
          ...cobro(),
          null,
          null,
          null,
          null,
          null,
          text(block.reference),
        ]);
      });
    }
    // Payments beyond the rows: a row each, the invoice named, no amounts but the payment's.
    while (paymentsLeft.length > 0) {
      rows.push([...id, ...Array<LedgerCell>(9).fill(null), ...cobro(), ...Array<LedgerCell>(6).fill(null)]);
    }
  }
  return rows;
}

const GENERAL_BOXES: { rate: 4 | 10 | 21; boxes: [string, string, string] }[] = [
  { rate: 4, boxes: ['01', '02', '03'] },
  { rate: 10, boxes: ['04', '05', '06'] },
  { rate: 21, boxes: ['07', '08', '09'] },
];

/** What each invoice adds to the books, by VAT group: the blocks' entries summed. */
const entriesOf = (invoice: BookInvoiceRow) => blocksOf(invoice).flatMap((block) => block.entries);

/**
 * The modelo 303's VAT charged in the period: original invoices by rate in the régimen general boxes, the
 * rectificativas' changes in [14]–[15], the total cuota in [27]; exempt health care apart.
 */
export function vatReturn(invoices: readonly BookInvoiceRow[]): VatReturn {
  const general = GENERAL_BOXES.map((row) => ({ ...row, baseCents: 0, taxCents: 0 }));
  const modifications = { baseCents: 0, taxCents: 0 };
  let exemptCents = 0;
  for (const invoice of invoices) {
    const rectifying = invoice.rectification !== null;
    for (const entry of entriesOf(invoice)) {
      if (entry.vat === 'exenta') exemptCents += entry.baseCents;
      else {
        const target = rectifying ? modifications : general.find((row) => row.rate === Number(entry.vat))!;
        target.baseCents += entry.baseCents;
        target.taxCents += entry.taxCents;
      }
    }
  }
  const totalTaxCents = general.reduce((sum, row) => sum + row.taxCents, 0) + modifications.taxCents;
  return { general, modifications, totalTaxCents, exemptCents };
}

/** The period's invoices as the books count them (the list's totals): how many stand, their base, cuota and total. */
export function bookedTotals(invoices: readonly BookInvoiceRow[]) {
  const entries = invoices.flatMap(entriesOf);
  const baseCents = entries.reduce((sum, entry) => sum + entry.baseCents, 0);
  const taxCents = entries.reduce((sum, entry) => sum + entry.taxCents, 0);
  const count = invoices.filter((invoice) => !invoice.cancelledOn).length;
  return { count, baseCents, taxCents, totalCents: baseCents + taxCents };
}

type Quarters = [number, number, number, number];

/**
 * The modelo 347 of a year: each customer with a NIF (the recipient of complete invoices) whose invoices, VAT
 * included and as the books count them, exceed 3 005,06 € in the year, with the amounts by quarter; what the rest
 * adds is given apart, so that the four quarters add up to the year's invoices.
 */
export function model347(year: number, invoices: readonly BookInvoiceRow[]): Model347 {
  const byCustomer = new Map<string, { taxId: string; name: string; quarters: Quarters }>();
  const withoutTaxId: Quarters = [0, 0, 0, 0];
  for (const invoice of invoices) {
    const quarter = quarterOf(invoice.issueDate) - 1;
    const amount = entriesOf(invoice).reduce((sum, entry) => sum + entry.baseCents + entry.taxCents, 0);
    // A simplified invoice an F3 replaced is the F3's recipient's, in its own quarter (the F3 adds nothing).
    const recipient = invoice.recipient ?? invoice.substitutedBy?.recipient ?? null;
    const taxId = (recipient?.nif ?? recipient?.otherId?.id ?? '').trim().toUpperCase();
    if (!taxId) {
      withoutTaxId[quarter]! += amount;
      continue;
    }
    const customer = byCustomer.get(taxId) ?? { taxId, name: '', quarters: [0, 0, 0, 0] as Quarters };
    customer.name = recipient!.name;
    customer.quarters[quarter]! += amount;
    byCustomer.set(taxId, customer);
  }
  const belowThreshold: Quarters = [0, 0, 0, 0];
  const customers = [];
  for (const customer of byCustomer.values()) {
    const totalCents = customer.quarters.reduce((sum, cents) => sum + cents, 0);
    if (totalCents > MODEL_347_THRESHOLD_CENTS) customers.push({ ...customer, totalCents });
    else customer.quarters.forEach((cents, index) => (belowThreshold[index]! += cents));
  }
  customers.sort((a, b) => b.totalCents - a.totalCents || a.taxId.localeCompare(b.taxId));
  return { year, thresholdCents: MODEL_347_THRESHOLD_CENTS, customers, belowThreshold, withoutTaxId };
}

/** The first and last day of a year. */
export const yearBounds = (year: number) => ({
  from: Temporal.PlainDate.from({ year, month: 1, day: 1 }).toString(),
  to: Temporal.PlainDate.from({ year, month: 12, day: 31 }).toString(),
});
