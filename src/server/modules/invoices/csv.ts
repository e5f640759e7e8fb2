import { INVOICE_STATE_LABELS, INVOICE_TYPE_LABELS } from '../../../common/schemas/invoices';
import type { VatTreatment } from '../../../common/schemas/clinic-services';
import { lineTax } from '../../billing/verifactu/amounts';
import { cell } from '../appointments/csv';
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
  'Fecha de expedición',
  'Paciente',
  'NIF del destinatario',
  'Base exenta (art. 20.Uno.3º)',
  ...RATES.flatMap((rate) => [`Base IVA ${rate} %`, `Cuota IVA ${rate} %`]),
  'Base imponible',
  'Cuota IVA',
  'Total',
  'Estado',
];

const TAX_RATE = { '21': 21, '10': 10, '4': 4 } as const;

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
    const base = (vat: VatTreatment) => row.bases?.[vat] ?? 0;
    return line([
      cell(row.number),
      cell(INVOICE_TYPE_LABELS[row.type]),
      day(row.issueDate),
      cell(row.patientName),
      cell(row.recipientTaxId ?? ''),
      amount(base('exenta')),
      ...RATES.flatMap((rate) => [
        amount(base(rate)),
        amount(lineTax({ kind: 'taxable', rate: TAX_RATE[rate], base: base(rate) })),
      ]),
      amount(row.baseCents),
      amount(row.taxCents),
      amount(row.totalCents),
      cell(INVOICE_STATE_LABELS[row.state]),
    ]);
  });
  return `${format === 'hoja' ? '\uFEFF' : ''}${line(HEADER.map(cell))}${body.join('')}`;
}
