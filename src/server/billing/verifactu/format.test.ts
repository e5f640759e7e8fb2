import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatRate, invoiceTotals, lineTax } from './amounts';
import { formatDate, formatGeneratedAt } from './dates';
import { SUMMER, WINTER } from '../../test/verifactu-fixtures';

describe('amounts', () => {
  it('writes cents as the AEAT decimal: a dot, two decimals, a sign when negative', () => {
    expect([0, 5, 100, 12345, -4400, -5, 999_999_999_999_99].map(formatAmount)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '123.45',
      '-44.00',
      '-0.05',
      '999999999999.99',
    ]);
    expect(formatRate(21)).toBe('21.00');
  });

  it('refuses what is not a whole number of cents, or beyond twelve integer digits', () => {
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(() => formatAmount(1_000_000_000_000_00)).toThrow(RangeError);
  });

  it('rounds a line’s tax to the cent, half away from zero, alike for negative bases', () => {
    expect(lineTax({ kind: 'taxable', rate: 21, base: 2_50 })).toBe(53); // 52.5 cents
    expect(lineTax({ kind: 'taxable', rate: 21, base: -2_50 })).toBe(-53);
    expect(lineTax({ kind: 'taxable', rate: 10, base: 15_54 })).toBe(1_55); // 155.4
    expect(lineTax({ kind: 'taxable', rate: 4, base: 8_25 })).toBe(33);
    expect(lineTax({ kind: 'exempt', exemption: 'E1', base: 60_00 })).toBe(0);
  });

  it('totals the tax and the bases plus tax', () => {
    const lines = [
      { kind: 'exempt', exemption: 'E1', base: 50_00 },
      { kind: 'taxable', rate: 21, base: 120_00 },
      { kind: 'taxable', rate: 10, base: 15_50 },
    ] as const;
    expect(invoiceTotals(lines)).toEqual({ tax: 25_20 + 1_55, total: 185_50 + 26_75 });
  });
});

describe('dates', () => {
  it('writes a date as dd-mm-yyyy', () => {
    expect(formatDate(Temporal.PlainDate.from('2027-03-05'))).toBe('05-03-2027');
  });

  it('writes FechaHoraHusoGenRegistro with Madrid’s offset at the instant: +01:00 in winter, +02:00 in summer', () => {
    expect(formatGeneratedAt(WINTER)).toBe('2027-01-15T10:30:00+01:00');
    expect(formatGeneratedAt(SUMMER)).toBe('2027-07-15T11:30:00+02:00');
  });

  it('changes offset at the spring and autumn changes, and drops fractions of a second', () => {
    // 28 March 2027: 02:00 becomes 03:00; 31 October 2027: 03:00 becomes 02:00.
    expect(formatGeneratedAt(Temporal.Instant.from('2027-03-28T00:59:59.999Z'))).toBe('2027-03-28T01:59:59+01:00');
    expect(formatGeneratedAt(Temporal.Instant.from('2027-03-28T01:00:00Z'))).toBe('2027-03-28T03:00:00+02:00');
    expect(formatGeneratedAt(Temporal.Instant.from('2027-10-31T00:30:00Z'))).toBe('2027-10-31T02:30:00+02:00');
    expect(formatGeneratedAt(Temporal.Instant.from('2027-10-31T01:30:00Z'))).toBe('2027-10-31T02:30:00+01:00');
  });

  it('takes the clinic’s zone when it is not Madrid', () => {
    expect(formatGeneratedAt(WINTER, 'Atlantic/Canary')).toBe('2027-01-15T09:30:00+00:00');
  });
});
