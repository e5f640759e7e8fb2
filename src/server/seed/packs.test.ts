import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../platform/clock';
import { patients } from '../platform/db/schema';
import { buildTestApp, type TestApp } from '../test/app';
import { packsOfPatient } from '../billing/packs/service';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
beforeAll(async () => {
  // A Saturday evening: the week's visits are over, the clinic closed.
  clock.freeze('2027-03-06T20:30:00+01:00');
  t = await buildTestApp();
  await seedDemoIfEmpty(t.deps);
}, 120_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('the demo’s session pack', () => {
  it('is in use: sold with its invoice before its first session, some sessions used by past visits, none left to invoice', async () => {
    const records = await t.database.db.select({ id: patients.id }).from(patients);
    const held = (await Promise.all(records.map((record) => packsOfPatient(t.deps, record.id)))).flat();
    expect(held).toHaveLength(1);
    const [pack] = held;
    expect(pack).toMatchObject({ state: 'activo', sessions: 5 });
    expect(pack!.used).toBeGreaterThan(0);
    expect(pack!.used).toBeLessThan(pack!.sessions);
    expect(pack!.visits.every((visit) => visit.startsAt < clock.now().toISOString())).toBe(true);
    const invoice = await t.deps.repos.invoices.findById(pack!.invoiceId);
    expect(invoice!.issuedAt.getTime()).toBeLessThan(Date.parse(pack!.visits[0]!.startsAt));
    const covered = await t.deps.repos.invoices.invoicedAppointments(pack!.visits.map((visit) => visit.appointmentId));
    expect(covered).toEqual([]);
  });
});
