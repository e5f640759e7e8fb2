import { DEBT_BUCKET_LABELS, DEBT_BUCKETS, type DebtAmounts, type Debts } from '../../../common/schemas/debts';
import { cell } from '../../platform';

/** The total row: each bucket summed over the patients (integer cents, so to the cent). */
export function debtTotals(rows: DebtAmounts[]): DebtAmounts {
  const sum = (pick: (row: DebtAmounts) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    upTo30: sum((row) => row.upTo30),
    from31To60: sum((row) => row.from31To60),
    from61To90: sum((row) => row.from61To90),
    over90: sum((row) => row.over90),
    totalCents: sum((row) => row.totalCents),
    invoices: sum((row) => row.invoices),
  };
}

/** Cents as a Spanish spreadsheet reads euros: `1234,56` (the reports' CSV share it). */
export const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** «Deudas» as CSV (`;`, decimal comma, BOM for Excel): a row per patient and the total row. */
export function debtsCsv(debts: Debts): string {
  const header = ['Paciente', 'Facturas', ...DEBT_BUCKETS.map((bucket) => DEBT_BUCKET_LABELS[bucket]), 'Total'];
  const line = (name: string, amounts: DebtAmounts) =>
    [
      cell(name),
      String(amounts.invoices),
      ...DEBT_BUCKETS.map((bucket) => euros(amounts[bucket])),
      euros(amounts.totalCents),
    ].join(';');
  const rows = debts.patients.map((row) => line(row.patientName, row));
  const insurers = debts.insurers.map((row) => line(`Aseguradora: ${row.insurerName}`, row));
  const tail = debts.insurers.length > 0 ? [...insurers, line('Total aseguradoras', debts.insurerTotals)] : [];
  return `\uFEFF${[header.join(';'), ...rows, line('Total', debts.totals), ...tail].join('\r\n')}\r\n`;
}
