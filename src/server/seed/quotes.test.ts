import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { buildTestApp, type TestApp } from '../test/app';
import { seedDemoIfEmpty } from './demo';

/** The demo's quotes: an accepted one partly done, its done sessions invoiced at its price, and a pending one. */
let t: TestApp;
beforeAll(async () => {
  clock.freeze('2027-01-02T09:30:00+01:00'); // a Saturday after New Year: the accepted quote is of last year
  t = await buildTestApp();
  expect(await seedDemoIfEmpty(t.deps)).toBe(true);
}, 300_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('the demo’s presupuestos', () => {
  it('has an accepted quote partly done, invoiced session by session at its price, and a pending one', async () => {
    const patient = (await t.deps.repos.patients.findByAccount(
      (await t.deps.repos.auth.findAccountByEmail('paciente@clinica.demo'))!.id,
    ))!;
    const quotes = await t.deps.repos.quotes.visibleTo({ kind: 'all' }).list(patient.id);
    const accepted = quotes.find((quote) => quote.status === 'aceptado')!;
    const pending = quotes.find((quote) => quote.status === 'enviado')!;
    expect(accepted.number).toMatch(/^P-2026-\d{4}$/);
    expect(pending.validUntil >= '2027-01-02').toBe(true);
    const done = accepted.lines[0]!.sessions.filter((session) => session.status === 'atendida');
    expect(done.length).toBe(3);
    expect(done.every((session) => session.invoiceNumber !== null)).toBe(true);
    // Each session invoiced at its share of the line: 5 × price less 10 %, shared in five.
    expect(accepted.sessionsInvoicedCents).toBe(
      Math.floor(accepted.lines[0]!.baseCents / 5) * 3 + Math.min(3, accepted.lines[0]!.baseCents % 5),
    );
  });
});
