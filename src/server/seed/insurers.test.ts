import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { patients } from '../platform/db/schema';
import { buildTestApp, type TestApp } from '../test/app';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
beforeAll(async () => {
  clock.freeze('2026-11-26T18:30:00+01:00');
  t = await buildTestApp();
  await seedDemoIfEmpty(t.deps);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('the demo’s insurers', () => {
  it('has Sanitas and Adeslas with CIF and a tariff for every service, some «no cubierto»', async () => {
    const insurers = await t.deps.repos.insurers.list();
    const services = await t.deps.repos.clinicServices.list();
    for (const name of ['Sanitas', 'Adeslas']) {
      const insurer = insurers.find((found) => found.name === name)!;
      expect(insurer.taxId, name).toMatch(/^A\d{8}$/);
      expect(insurer.tariffs, name).toHaveLength(services.length);
      expect(insurer.tariffs.filter((tariff) => tariff.priceCents === null).length, name).toBe(2);
      expect(insurer.patientCount, name).toBeGreaterThan(0);
    }
  });

  it('links every patient who named an insurer to one, and gives the demo paciente her card', async () => {
    const rows = await t.database.db.select().from(patients);
    expect(rows.filter((row) => row.insurer !== '' && row.insurerId === null)).toEqual([]);
    const [javier] = await t.database.db.select().from(patients).where(eq(patients.lastName, 'Moreno López'));
    expect(javier).toMatchObject({ insurer: 'Sanitas', cardNumber: '0012 4821 9300 1', cardExpiry: '2027-11-26' });
  });

  it('has insurer visits, and October settled with Sanitas on its first open day of November, to the cent', async () => {
    const sanitas = (await t.deps.repos.insurers.list()).find((found) => found.name === 'Sanitas')!;
    const [invoice] = await t.deps.repos.insurerSettlements.invoicesOf(sanitas.id);
    expect(invoice).toMatchObject({ issueDate: '2026-11-02' });
    expect(invoice!.number).toMatch(/^A2026-\d{6}$/);
    const settled = await t.deps.repos.insurerSettlements.settledVisits(invoice!.id);
    expect(settled.length).toBeGreaterThan(0);
    expect(
      settled.every((visit) => visit.startsAt.toISOString() < '2026-11-01' && visit.authorizationNumber !== ''),
    ).toBe(true);
    expect(settled.reduce((sum, visit) => sum + visit.priceCents, 0)).toBe(invoice!.totalCents);
  });
});
