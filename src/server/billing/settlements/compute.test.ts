import { describe, expect, it } from 'vitest';
import { divideRounded, settle, type Rule, type SettlementEvent, type SourceInvoice } from './compute';

const ANA = 'doctor-ana';
const LUIS = 'doctor-luis';

/** An invoice of 3 lines: two of Ana's (a consultation, 2 sessions of physiotherapy) and one of Luis's. */
const invoice = (overrides: Partial<SourceInvoice> = {}): SourceInvoice => ({
  id: 'inv-1',
  number: 'F2026-000001',
  insurer: false,
  baseCents: 10_001,
  dueCents: 10_001,
  lines: [
    {
      position: 1,
      baseCents: 3_333,
      quantity: 1,
      doctorId: ANA,
      serviceId: 'consulta',
      serviceName: 'Consulta',
      patientName: 'Lucía',
    },
    {
      position: 2,
      baseCents: 3_334,
      quantity: 2,
      doctorId: ANA,
      serviceId: 'fisio',
      serviceName: 'Fisioterapia',
      patientName: 'Lucía',
    },
    {
      position: 3,
      baseCents: 3_334,
      quantity: 1,
      doctorId: LUIS,
      serviceId: 'consulta',
      serviceName: 'Consulta',
      patientName: 'Lucía',
    },
  ],
  ...overrides,
});

const rule: Rule = {
  percentBp: 4_000,
  insurerPercentBp: 2_500,
  services: [{ serviceId: 'fisio', percentBp: null, amountCents: 1_250 }],
};

const event = (overrides: Partial<SettlementEvent>): SettlementEvent => ({
  kind: 'factura',
  sourceId: 'inv-1',
  day: '2026-10-05',
  number: 'F2026-000001',
  invoice: invoice(),
  ...overrides,
});

describe('a doctor’s settlement, to the cent', () => {
  it('rounds half away from zero on both signs', () => {
    expect(divideRounded(5n, 10n)).toBe(1);
    expect(divideRounded(-5n, 10n)).toBe(-1);
    expect(divideRounded(4n, 10n)).toBe(0);
    expect(divideRounded(-15n, 10n)).toBe(-2);
  });

  it('counts her lines of an invoice: a percentage of the base, a fixed amount per act, never another doctor’s', () => {
    const { lines, countedCents, shareCents } = settle([event({})], ANA, rule);
    expect(lines.map((line) => [line.serviceName, line.countedCents, line.shareCents, line.rule])).toEqual([
      ['Consulta', 3_333, 1_333, '40 %'],
      ['Fisioterapia', 3_334, 2_500, '12,50\u00a0€ por acto'],
    ]);
    expect([countedCents, shareCents]).toEqual([6_667, 3_833]);
  });

  it('applies the insurer term to an insurer’s invoice, and the general one when the rule has none', () => {
    const insured = event({ invoice: invoice({ insurer: true }) });
    expect(settle([insured], ANA, rule).lines[0]).toMatchObject({ rule: '25 %', shareCents: 833, insurer: true });
    const same = settle([insured], ANA, { ...rule, insurerPercentBp: null });
    expect(same.lines[0]).toMatchObject({ rule: '40 %', shareCents: 1_333 });
  });

  it('takes an anulación back line by line, acts included', () => {
    const both = settle([event({}), event({ kind: 'anulacion', day: '2026-10-20' })], ANA, rule);
    expect(both.countedCents).toBe(0);
    expect(both.shareCents).toBe(0);
    expect(both.lines.map((line) => line.shareCents)).toEqual([1_333, 2_500, -1_333, -2_500]);
  });

  it('shares a rectificativa’s change over every line by its base, so the lines add up to it, and pays no act again', () => {
    const lines = settle(
      [event({ kind: 'rectificativa', sourceId: 'r-1', number: 'R2026-000001', baseChangeCents: -1_000 })],
      ANA,
      rule,
    ).lines;
    // −1 000 over 3 333 / 3 334 / 3 334: −333, −334, −333 (the cent left goes to the largest remainder, the first on a tie).
    expect(lines.map((line) => [line.countedCents, line.shareCents])).toEqual([
      [-333, -133],
      [-334, 0],
    ]);
    expect(lines[0]!.invoiceNumber).toBe('R2026-000001');
  });

  it('counts a payment as the part of the base it pays, with its VAT and IRPF left out', () => {
    // 121,00 € with 21 % VAT, 15 % IRPF withheld on 100,00 €: the payer owes 106,00 €, and pays half of it.
    const withVat = invoice({
      baseCents: 10_000,
      dueCents: 10_600,
      lines: [
        {
          position: 1,
          baseCents: 10_000,
          quantity: 4,
          doctorId: ANA,
          serviceId: 'fisio',
          serviceName: 'Fisioterapia',
          patientName: 'Lucía',
        },
      ],
    });
    const paid = settle([event({ kind: 'cobro', sourceId: 'p-1', invoice: withVat, paymentCents: 5_300 })], ANA, {
      ...rule,
      services: [],
    });
    expect(paid.lines).toMatchObject([{ source: 'cobro', countedCents: 5_000, shareCents: 2_000 }]);
    // Per act: half of its four acts paid, 2 × 12,50 €.
    const perAct = settle(
      [event({ kind: 'cobro', sourceId: 'p-1', invoice: withVat, paymentCents: 5_300 })],
      ANA,
      rule,
    );
    expect(perAct.shareCents).toBe(2_500);
  });

  it('orders the lines by day, then document', () => {
    const lines = settle(
      [event({ day: '2026-10-09', number: 'F2026-000009' }), event({ day: '2026-10-02', number: 'F2026-000002' })],
      ANA,
      rule,
    ).lines;
    expect(lines.map((line) => line.invoiceNumber)).toEqual([
      'F2026-000002',
      'F2026-000002',
      'F2026-000009',
      'F2026-000009',
    ]);
  });
});
