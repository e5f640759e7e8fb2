import { describe, expect, it } from 'vitest';
import { discountCents, shareOut, withholdingOf } from './discounts';

describe('discounts and withholding in integer cents', () => {
  it('rounds a percentage half up to the cent, and takes an amount as it is', () => {
    expect(discountCents(255, { kind: 'porcentaje', percent: 10 }, 'discount')).toBe(26);
    expect(discountCents(3897, { kind: 'porcentaje', percent: 10 }, 'discount')).toBe(390);
    expect(discountCents(7000, { kind: 'porcentaje', percent: 100 }, 'discount')).toBe(7000);
    expect(discountCents(7000, { kind: 'importe', cents: 7000 }, 'discount')).toBe(7000);
    expect(discountCents(7000, undefined, 'discount')).toBe(0);
  });

  it('never takes more than what the discount applies to', () => {
    expect(() => discountCents(2000, { kind: 'importe', cents: 2001 }, 'lines.0.discount')).toThrow(
      expect.objectContaining({
        fields: { 'lines.0.discount': 'El descuento no puede superar el importe al que se aplica' },
      }),
    );
  });

  it('shares an amount out in proportion, in whole cents that add up to it exactly', () => {
    expect(shareOut(400, [3507, 4500])).toEqual([175, 225]);
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1, [0, 5])).toEqual([0, 1]);
    expect(shareOut(0, [10, 20])).toEqual([0, 0]);
    for (const [amount, weights] of [
      [999, [1, 2, 3, 4]],
      [7, [3333, 3333, 3334]],
      [100_000_000, [9_999_999, 1, 5_000_000]],
    ] as const) {
      const shares = shareOut(amount, weights);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
      shares.forEach((share) => expect(share).toBeGreaterThanOrEqual(0));
    }
  });

  it('withholds IRPF on the base, rounded half away from zero in either sign', () => {
    expect(withholdingOf(7000, 15)).toBe(1050);
    expect(withholdingOf(3333, 15)).toBe(500);
    expect(withholdingOf(3330, 7)).toBe(233);
    expect(withholdingOf(-3330, 7)).toBe(-233);
    expect(withholdingOf(7000, 0)).toBe(0);
  });
});
