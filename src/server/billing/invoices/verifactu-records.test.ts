import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { verifactuSubmissions } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createPatientRecord } from '../../test/fixtures';

/**
 * «VERI*FACTU» › «Registros» (issue 35, item 5): every record with its invoice, its send state, the AEAT's answer and
 * the CSV it gave, the newest first and a page at a time; the desk's alone.
 */
let t: TestApp;
let admin: { cookie: string };

const request = (url: string, cookie = admin.cookie) => t.request({ method: 'GET', url, cookie });

beforeAll(async () => {
  clock.freeze('2026-10-05T18:45:00+02:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: {
      legalName: 'Clínica Registro, S.L.',
      taxId: 'B12345674',
      address: 'Calle Mayor 1, 28013 Madrid',
      registry: '',
    },
  });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the records of the «VERI*FACTU» tab', () => {
  it('lists each record with its invoice, state, the AEAT’s answer and CSV, the newest first', async () => {
    const patient = await createPatientRecord(t, { firstName: 'Rita', lastName: 'Registro', email: '', phone: '' });
    const issued = [];
    for (const description of ['Informe', 'Certificado', 'Duplicado']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/invoices',
        cookie: admin.cookie,
        payload: {
          patientId: patient.id,
          kind: 'simplificada',
          lines: [{ description, quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      issued.push(response.json() as { id: string; number: string });
    }
    const cancel = await t.request({
      method: 'POST',
      url: `/api/invoices/${issued[2]!.id}/cancel`,
      cookie: admin.cookie,
      payload: { reason: 'Emitida dos veces' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The AEAT accepted the first and rejected the second.
    const rows = await t.database.db.select().from(verifactuSubmissions).orderBy(verifactuSubmissions.recordId);
    await t.database.db
      .update(verifactuSubmissions)
      .set({ status: 'aceptado', csv: 'A-Y23JP3582934', answeredAt: new Date('2026-10-05T16:50:00Z') })
      .where(eq(verifactuSubmissions.recordId, rows[0]!.recordId));
    await t.database.db
      .update(verifactuSubmissions)
      .set({
        status: 'rechazado',
        lastErrorCode: '1100',
        lastErrorDescription: 'Valor o tipo incorrecto del campo: NIF',
        csv: 'A-Y23JP3582935',
        answeredAt: new Date('2026-10-05T16:50:00Z'),
      })
      .where(eq(verifactuSubmissions.recordId, rows[1]!.recordId));

    const response = await request('/api/verifactu/records');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    expect(list).toMatchObject({ page: 1, pageSize: 50, total: 4 });
    expect(
      list.records.map((record: Record<string, unknown>) => [
        record.position,
        record.kind,
        record.invoiceNumber,
        record.status,
        record.errorCode,
        record.csv,
      ]),
    ).toEqual([
      [4, 'anulacion', issued[2]!.number, 'pendiente', null, null],
      [3, 'alta', issued[2]!.number, 'pendiente', null, null],
      [2, 'alta', issued[1]!.number, 'rechazado', '1100', 'A-Y23JP3582935'],
      [1, 'alta', issued[0]!.number, 'aceptado', null, 'A-Y23JP3582934'],
    ]);
    expect(list.records[2]).toMatchObject({
      errorDescription: 'Valor o tipo incorrecto del campo: NIF',
      answeredAt: '2026-10-05T16:50:00.000Z',
      generatedAt: '2026-10-05T18:45:00+02:00',
      correction: false,
      pendingCorrection: true,
    });
    expect(list.records.map((record: { pendingCorrection: boolean }) => record.pendingCorrection)).toEqual([
      false,
      false,
      true,
      false,
    ]);

    const second = (await request('/api/verifactu/records?pagina=2')).json();
    expect(second).toMatchObject({ page: 2, total: 4, records: [] });
    const wrong = await request('/api/verifactu/records?pagina=0');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('La primera página es la 1');
    const doctor = await t.createUser({ role: 'doctor' });
    expect((await request('/api/verifactu/records', doctor.cookie)).statusCode).toBe(403);
  });
});
