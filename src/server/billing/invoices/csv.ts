import { INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS } from '../../../common/schemas/invoices';
import { VAT_TREATMENTS, type VatTreatment } from '../../../common/schemas/clinic-services';
import { cell } from '../../platform';
import { bookedAmounts } from './books';
import { vatBreakdown } from './lines';
import type { InvoicesRepository } from './repository';

type AccountantRow = Awaited<ReturnType<ReturnType<InvoicesRepository['visibleTo']>['forAccountant']>>[number];

/**
 * Two forms of the same period for the clinic's accountant: `hoja` opens as it is in a Spanish spreadsheet
 * (`;`, decimal comma, UTF-8 with BOM); `csv` is the plain interchange form accounting programs import
 * (RFC 4180: `,`, decimal point, UTF-8).
 */
export const EXPORT_FORMATS = ['hoja', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const RATES = ['21', '10', '4'] as const;

const HEADER = [
  'Número',
  'Tipo',
  'Factura rectificada',
  'Fecha de expedición',
  'Paciente',
  'NIF del destinatario',
  'Base exenta (art. 20.Uno.3º)',
  ...RATES.flatMap((rate) => [`Base IVA ${rate} %`, `Cuota IVA ${rate} %`]),
  'Base imponible',
  'Cuota IVA',
  'Total',
  'Estado',
  // What the invoice adds to the period: a substitution less what it substitutes, a cancelled invoice nothing.
  'Base neta',
  'Cuota IVA neta',
  'Total neto',
  // Who pays when not the patient, what the discounts took off before VAT, the IRPF withheld and what is to be paid.
  'Destinatario',
  'Descuentos',
  'Retención IRPF',
  'Total a pagar',
];

export function invoicesCsv(rows: AccountantRow[], format: ExportFormat): string {
  const separator = format === 'hoja' ? ';' : ',';
  const amount = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return format === 'hoja' ? text.replace('.', ',') : text;
  };
  const day = (iso: string) => (format === 'hoja' ? iso.split('-').reverse().join('/') : iso);
  // Texts are escaped (quotes, separators, formula injection); amounts and dates are ours and go as they are, so a
  // negative amount stays a number.
  const line = (values: string[]) => `${values.join(separator)}\r\n`;
  const body = rows.map((row) => {
    // The record's breakdown, from the lines' bases by treatment: each rate's cuota as the Desglose rounds it.
    const { groups } = vatBreakdown(
      VAT_TREATMENTS.filter((vat) => row.bases?.[vat] !== undefined).map((vat) => ({
        vat,
        baseCents: row.bases![vat]!,
      })),
    );
    const group = (vat: VatTreatment) => groups.find((found) => found.vat === vat) ?? { baseCents: 0, taxCents: 0 };
    const booked = bookedAmounts(row);
    return line([
      cell(row.number),
      cell(INVOICE_TYPE_LABELS[row.type]),
      cell(row.rectifies ?? ''),
      day(row.issueDate),
      cell(row.patientName),
      cell(row.recipientTaxId ?? ''),
      amount(group('exenta').baseCents),
      ...RATES.flatMap((rate) => [amount(group(rate).baseCents), amount(group(rate).taxCents)]),
      amount(row.baseCents),
      amount(row.taxCents),
      amount(row.totalCents),
      cell(INVOICE_STATE_LABELS[row.state]),
      amount(booked.baseCents),
      amount(booked.taxCents),
      amount(booked.totalCents),
      cell(row.recipientName ?? ''),
      amount(row.discountsCents),
      amount(row.withholdingCents),
      amount(row.totalCents - row.withholdingCents),
    ]);
  });
  return `${format === 'hoja' ? '\uFEFF' : ''}${line(HEADER.map(cell))}${body.join('')}`;
}
