import { describe, expect, it } from 'vitest';
import { ledgerRows, model347, vatReturn } from './ledger';
import type { BookInvoiceRow } from './repository';
import { centsText, columnName, daySerial } from './xlsx';

const invoice = (overrides: Partial<BookInvoiceRow>): BookInvoiceRow => ({
  number: 'F2027-000001',
  series: 'F2027',
  type: 'F1',
  issueDate: '2027-02-10',
  operationDate: null,
  recipient: { name: 'Ana Ruiz', nif: '12345678Z' },
  bases: { exenta: 6000 },
  totalCents: 6000,
  rectification: null,
  cancelledOn: null,
  payments: [],
  substitutes: [],
  substitutedBy: null,
  ...overrides,
});

/** A row's cells by the AEAT's column letters. */
const byColumn = (row: ReturnType<typeof ledgerRows>[number]) =>
  Object.fromEntries(row.flatMap((cell, index) => (cell ? [[columnName(index), cell.value]] : [])));

describe('the libro’s rows', () => {
  it('name a passport’s holder with its document type, and the day of operation only when it differs', () => {
    const [row] = ledgerRows([
      invoice({
        recipient: { name: 'John Smith', otherId: { type: '03', id: 'XK1234567' } },
        operationDate: '2027-02-10',
      }),
    ]);
    expect(row).toHaveLength(36);
    expect(byColumn(row!)).toMatchObject({ N: '03', P: 'XK1234567', Q: 'John Smith', K: 'F2027', L: '000001' });
    expect(byColumn(row!).J).toBeUndefined();
  });

  it('give a payment each its own row when there are more payments than VAT groups', () => {
    const rows = ledgerRows([
      invoice({
        payments: [
          { day: '2027-02-10', amountCents: 2000, method: 'efectivo' },
          { day: '2027-02-11', amountCents: 4000, method: 'transferencia' },
        ],
      }),
    ]).map(byColumn);
    expect(rows.map((row) => [row.U, row.V, row.AA, row.AB, row.AC, row.AD])).toEqual([
      [6000, 6000, '2027-02-10', 2000, '04', 'Efectivo'],
      [undefined, undefined, '2027-02-11', 4000, '01', 'Transferencia'],
    ]);
    expect(rows[1]).toMatchObject({ F: 'F1', L: '000001', P: '12345678Z' });
  });

  it('keep an invoice of zero in the libro, with a row of zero', () => {
    const rows = ledgerRows([invoice({ bases: {}, totalCents: 0 })]).map(byColumn);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ U: 0, V: 0, T: 'E1' });
  });
});

describe('the 303 and the 347 from the rows', () => {
  it('count a cancelled rectificativa for nothing, and its substitution neither', () => {
    const cancelledSubstitute = invoice({
      number: 'R2027-000001',
      series: 'R2027',
      type: 'R4',
      bases: { '21': 20000 },
      totalCents: 24200,
      cancelledOn: '2027-02-12',
      rectification: {
        kind: 'S',
        number: 'F2027-000009',
        issueDate: '2027-01-05',
        bases: { '21': 10000 },
        totalCents: 12100,
      },
    });
    expect(vatReturn([cancelledSubstitute])).toMatchObject({
      modifications: { baseCents: 0, taxCents: 0 },
      totalTaxCents: 0,
    });
    expect(model347(2027, [cancelledSubstitute]).belowThreshold).toEqual([0, 0, 0, 0]);
  });

  it('list a customer at 3 005,07 € and not at 3 005,06 €', () => {
    const at = (cents: number, nif: string) =>
      invoice({ recipient: { name: nif, nif }, bases: { exenta: cents }, totalCents: cents });
    const model = model347(2027, [at(300507, '11111111H'), at(300506, '22222222J')]);
    expect(model.customers.map((customer) => customer.taxId)).toEqual(['11111111H']);
    expect(model.belowThreshold).toEqual([300506, 0, 0, 0]);
  });
});

describe('the workbook’s numbers', () => {
  it('writes cents exactly, days as Excel serials and columns by letter', () => {
    expect(centsText(-1)).toBe('-0.01');
    expect(centsText(123456789)).toBe('1234567.89');
    expect(daySerial('1900-03-01')).toBe(61);
    expect(daySerial('2027-01-01')).toBe(46388);
    expect([0, 25, 26, 35].map(columnName)).toEqual(['A', 'Z', 'AA', 'AJ']);
  });
});
