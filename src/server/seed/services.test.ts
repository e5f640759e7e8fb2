import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../clock';
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

describe('the demo catalogue', () => {
  it('prices every specialty’s services, each performed by its doctors, with the aesthetic one taxed at 21 %', async () => {
    const services = await t.deps.repos.clinicServices.list();
    expect(services).toHaveLength(13);
    for (const service of services) {
      expect(service.doctors.length, service.name).toBeGreaterThan(0);
      expect(Number.isInteger(service.priceCents) && service.priceCents > 0, service.name).toBe(true);
    }
    expect(new Set(services.map((service) => service.specialty))).toEqual(
      new Set(['Medicina familiar', 'Pediatría', 'Dermatología', 'Traumatología']),
    );
    const taxed = services.filter((service) => service.vat !== 'exenta');
    expect(taxed.map((service) => [service.name, service.vat, service.bookableOnline])).toEqual([
      ['Peeling químico (estético)', '21', false],
    ]);
  });
});
