import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createPatientRecord } from '../../test/fixtures';

/**
 * Cancelling and paying one invoice at the same moment (issue 33, item 4): one of the two loses with a Spanish 409,
 * never both win (an «anulada» invoice with 10,06 € paid). PostgreSQL only: PGlite runs one transaction at a time,
 * so the two never overlap there.
 */
const RUNS = 12;

let t: TestApp;
let admin: { cookie: string };
let patientId: string;

const request = (url: string, payload: object) => t.request({ method: 'POST', url, payload, cookie: admin.cookie });

beforeAll(async () => {
  clock.freeze('2026-11-25T10:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  patientId = (
    await createPatientRecord(t, { firstName: 'Carla', lastName: 'Carrera', email: 'carla@carrera.test', phone: '' })
  ).id;
  await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: { legalName: 'Clínica Carrera, S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, Madrid', registry: '' },
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

// PGlite runs one transaction at a time, so the race cannot happen there: it runs in `.ci/run`'s PostgreSQL pass.
describe.skipIf(!process.env.TEST_DATABASE_URL)('cancelling and paying one invoice at once (PostgreSQL)', () => {
  it(`lets exactly one of the two through, ${RUNS} times over`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const issued = await request('/api/invoices', {
        patientId,
        kind: 'simplificada',
        lines: [{ description: 'Consulta', quantity: 1, unitPriceCents: 1006, vat: 'exenta' }],
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const id = issued.json().id as string;
      // Alternate who is sent first: each must lose some runs for the lock to be proved both ways.
      const cancel = () => request(`/api/invoices/${id}/cancel`, { reason: 'Emitida por error' });
      const pay = () => request(`/api/invoices/${id}/payments`, { method: 'efectivo', amountCents: 1006 });
      const [cancelled, paid] =
        run % 2 === 0 ? await Promise.all([cancel(), pay()]) : (await Promise.all([pay(), cancel()])).reverse();

      const invoice = (await t.request({ method: 'GET', url: `/api/invoices/${id}`, cookie: admin.cookie })).json();
      if (cancelled!.statusCode === 200) {
        expect(paid!.statusCode, paid!.body).toBe(409);
        expect(paid!.json().error).toEqual({
          code: 'NOT_PAYABLE',
          message: 'Esta factura no admite cobros: está anulada.',
        });
        expect(invoice).toMatchObject({ state: 'anulada', paidCents: 0 });
      } else {
        expect(paid!.statusCode, paid!.body).toBe(201);
        expect(cancelled!.statusCode, cancelled!.body).toBe(409);
        expect(cancelled!.json().error.code).toBe('NOT_CANCELLABLE');
        expect(invoice).toMatchObject({ state: 'emitida', paidCents: 1006 });
      }
    }
  });
});
