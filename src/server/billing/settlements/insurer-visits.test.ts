import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { attendedVisit, buildInsurerWorld, type InsurerWorld } from '../../test/insurer-world';

/**
 * A doctor's insurer visits in her settlement (decision 0117): the insurer's monthly invoice names no doctor and no
 * visit on its lines, yet each line is her visit through `insurer_settlement_visits`, and takes her insurer term;
 * her patient's copay invoice is private and takes the general one.
 */
let w: InsurerWorld;
const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.request({ method, url, payload, cookie: w.admin.cookie });

beforeAll(async () => {
  clock.freeze('2026-11-02T20:30:00+01:00');
  w = await buildInsurerWorld();
  const rule = await request('PUT', `/api/settlements/rules/${w.doctorId}`, {
    basis: 'facturado',
    percentBp: 5000,
    insurerPercentBp: 3000,
    services: [],
  });
  expect(rule.statusCode, rule.body).toBe(204);
  for (const [startsAt, authorizationNumber] of [
    ['2026-10-14T10:00:00+02:00', 'AUT-1'],
    ['2026-10-31T23:30:00+01:00', 'AUT-2'],
  ] as const) {
    await attendedVisit(w, {
      patientId: w.ana,
      startsAt,
      payer: { kind: 'aseguradora', authorizationNumber },
    });
  }
  const private_ = await attendedVisit(w, { patientId: w.carla, startsAt: '2026-10-20T10:00:00+02:00' });
  clock.freeze('2026-10-20T11:00:00+02:00');
  w.admin.cookie = await w.t.signIn(w.admin.email);
  const invoiced = await request('POST', '/api/invoices', {
    patientId: w.carla,
    appointmentIds: [private_],
    kind: 'simplificada',
  });
  expect(invoiced.statusCode, invoiced.body).toBe(201);
  clock.freeze('2026-11-02T20:30:00+01:00');
  w.admin.cookie = await w.t.signIn(w.admin.email);
  const settled = await request('POST', '/api/insurer-settlements', { insurerId: w.sanitas, month: '2026-10' });
  expect(settled.statusCode, settled.body).toBe(201);
});
afterAll(async () => {
  await w.t.close();
  clock.freeze(null);
});

describe('insurer visits in a doctor’s settlement', () => {
  it('counts each visit of the insurer’s invoice as hers at the insurer term, and her private visit at the general', async () => {
    // The insurer's invoice is issued on 2 November: it belongs to November's settlement.
    clock.freeze('2026-12-01T09:00:00+01:00');
    w.admin.cookie = await w.t.signIn(w.admin.email);
    const october = (await request('GET', `/api/settlements/draft?doctorId=${w.doctorId}&month=2026-10`)).json();
    expect(october.lines.map((line: { rule: string; shareCents: number }) => [line.rule, line.shareCents])).toEqual([
      ['50 %', 3000],
    ]);
    const november = await request('POST', '/api/settlements', { doctorId: w.doctorId, month: '2026-11' });
    expect(november.statusCode, november.body).toBe(201);
    const insurerLines = november
      .json()
      .lines.filter((line: { insurer: boolean }) => line.insurer)
      .map((line: { patientName: string; countedCents: number; shareCents: number; rule: string }) => [
        line.patientName,
        line.countedCents,
        line.rule,
        line.shareCents,
      ]);
    // Sanitas pays 40,00 € a visit; 30 % of it is 12,00 €.
    expect(insurerLines).toEqual([
      ['Ana Pérez García', 4000, '30 %', 1200],
      ['Ana Pérez García', 4000, '30 %', 1200],
    ]);
  });
});
