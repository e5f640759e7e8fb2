import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';
import { createPatientRecord } from '../../test/fixtures';

// Issue 35: the books an accountant signs hold the clinic's real invoices only. A clinic that invoiced in pruebas
// before going live (stamped «SIN VALOR FISCAL») must not find those in its libro registro, its 303 or its 347.
let t: TestApp;
let admin: { cookie: string };
let patientId: string;

const request = (url: string, payload?: object) =>
  t.request({ method: payload ? 'POST' : 'GET', url, payload, cookie: admin.cookie });

const issue = async () => {
  const response = await request('/api/invoices', {
    patientId,
    appointmentIds: [],
    kind: 'simplificada',
    lines: [{ description: 'Informe médico', quantity: 1, unitPriceCents: 4000, vat: 'exenta' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { number: string }).number;
};
const summary = async () => (await request('/api/books/summary?from=2026-10-01&to=2026-12-31')).json();
/** The libro's invoice numbers: its «Serie» and «Número» columns (`S2026;000001`). */
const ledgerNumbers = async () =>
  [
    ...(await request('/api/books/libro-expedidas?from=2026-10-01&to=2026-12-31&formato=csv')).body.matchAll(
      /;((?:S|SV)2026);(\d{6});/g,
    ),
  ].map(([, series, number]) => `${series}-${number}`);

beforeAll(async () => {
  clock.freeze('2026-12-30T19:45:00+01:00'); // an evening in the last days of the year
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: {
      legalName: 'Clínica Cuadra, S.L.',
      taxId: 'B12345674',
      address: 'Calle Mayor 1, 28013 Madrid',
      registry: '',
    },
  });
  patientId = (await createPatientRecord(t, { firstName: 'Inés', lastName: 'Libros', email: '', phone: '' })).id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the books of a clinic that invoiced in pruebas before going live', () => {
  it('count the pruebas invoices while in pruebas, and only the real ones once in producción', async () => {
    const trial = await issue();
    expect(await summary()).toMatchObject({ mode: 'pruebas', invoices: { count: 1, totalCents: 4000 } });
    expect(await ledgerNumbers()).toEqual([trial]);

    await t.write((tx) => t.deps.repos.clinic.updateSettings({ billingMode: 'produccion' }, tx));
    clock.advance(60_000);
    const real = await issue();
    expect(real).toMatch(/^SV2026-/);
    expect(await summary()).toMatchObject({
      mode: 'produccion',
      invoices: { count: 1, totalCents: 4000 },
      vat303: { exemptCents: 4000 },
    });
    expect(await ledgerNumbers()).toEqual([real]);
  });
});
