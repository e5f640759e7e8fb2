import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';

/** `GET /api/invoices/of-appointments`: which invoice holds each visit of the desk's diary, instead of «Facturar». */
let t: TestApp;
let admin: { cookie: string };
let paciente: { cookie: string };
let patientId: string;
let doctorId: string;
let serviceId: string;

const get = (query: string, cookie = admin.cookie) =>
  t.request({ method: 'GET', url: `/api/invoices/of-appointments${query}`, cookie });
const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload, cookie: admin.cookie });

/** An attended visit of the patient on Monday 2 March 2026 at `time`, booked for the clinic's consultation. */
async function attended(time: string) {
  const startsAt = new Date(`2026-03-02T${time}:00+01:00`);
  const row = await insertAppointment(t, { patientId, doctorId, startsAt });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', serviceId, arrivedAt: startsAt })
    .where(eq(appointments.id, row.id));
  return row.id;
}

const invoiceOf = async (appointmentId: string) => {
  const response = await post('/api/invoices', { patientId, appointmentIds: [appointmentId], kind: 'completa' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string };
};

beforeAll(async () => {
  // The desk's Monday evening: the day's visits are over.
  clock.freeze('2026-03-02T19:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const doctor = await createDoctor(t, admin.cookie);
  doctorId = doctor.id;
  const account = await t.createUser({ role: 'paciente', email: 'ana@facturada.test' });
  paciente = { cookie: account.cookie };
  const [record] = await t.database.db
    .update(patients)
    .set({
      firstName: 'Ana',
      lastName: 'García',
      documentType: 'dni',
      documentNumber: '12345678Z',
      address: 'Calle del Pez 3, 28004 Madrid',
    })
    .where(eq(patients.accountId, account.id))
    .returning();
  patientId = record!.id;
  const service = await post('/api/services', {
    name: 'Consulta de revisión',
    specialtyId: doctor.specialtyId,
    doctorIds: [],
    durationMinutes: 30,
    priceCents: 6000,
    vat: 'exenta',
    bookableOnline: true,
    active: true,
  });
  serviceId = service.json().id;
  const issuer = await t.request({
    method: 'PUT',
    url: '/api/billing/issuer',
    cookie: admin.cookie,
    payload: {
      legalName: 'Clínica Facturada, S.L.',
      taxId: 'B12345674',
      address: 'Calle Mayor 1, 28013 Madrid',
      registry: '',
    },
  });
  expect(issuer.statusCode, issuer.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('the invoice of each of the diary’s visits', () => {
  it('names the invoice that stands, nothing for a visit left to invoice or whose invoice was cancelled', async () => {
    const invoiced = await attended('09:00');
    const cancelled = await attended('09:30');
    const rectified = await attended('10:00');
    const pending = await attended('10:30');
    const first = await invoiceOf(invoiced);
    expect(first.number).toBe('F2026-000001');
    const wrong = await invoiceOf(cancelled);
    const cancel = await post(`/api/invoices/${wrong.id}/cancel`, { reason: 'Emitida a otro paciente por error' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Replaced by substitution: the visit stays on the original, whose account the desk takes payments on.
    const original = await invoiceOf(rectified);
    const substitution = await post(`/api/invoices/${original.id}/rectify`, {
      type: 'R1',
      method: 'sustitucion',
      reason: 'El precio acordado era otro',
      lines: [{ description: 'Consulta de revisión', quantity: 1, unitPriceCents: 5000, vat: 'exenta' }],
    });
    expect(substitution.statusCode, substitution.body).toBe(201);

    const response = await get(`?ids=${[invoiced, cancelled, rectified, pending].join(',')}`);
    expect(response.statusCode, response.body).toBe(200);
    const byNumber = (response.json().invoices as { number: string }[]).sort((a, b) =>
      a.number.localeCompare(b.number),
    );
    expect(byNumber).toEqual([
      { appointmentId: invoiced, invoiceId: first.id, number: 'F2026-000001' },
      { appointmentId: rectified, invoiceId: original.id, number: 'F2026-000003' },
    ]);

    // Once cancelled, the visit was left to invoice again: invoiced anew, the new invoice is the one named.
    const again = await invoiceOf(cancelled);
    const after = await get(`?ids=${cancelled}`);
    expect(after.json()).toEqual({
      invoices: [{ appointmentId: cancelled, invoiceId: again.id, number: again.number }],
      packSessions: [],
      covered: [],
    });
  });

  it('is the desk’s alone: a paciente (even of her own visit), a doctor and a visitor are refused', async () => {
    const visit = await attended('11:00');
    await invoiceOf(visit);
    const doctor = await t.createUser({ role: 'doctor' });
    expect((await get(`?ids=${visit}`, paciente.cookie)).statusCode).toBe(403);
    expect((await get(`?ids=${visit}`, doctor.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/invoices/of-appointments?ids=${visit}` })).statusCode).toBe(
      401,
    );
  });

  it('answers bad ids in Spanish, never a 500', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string][] = [
      ['', 'Indica las citas'],
      ['?ids=', 'Indica al menos una cita'],
      ['?ids=no-es-una-cita', 'Identificador de cita no válido'],
      [`?ids=${id},1234`, 'Identificador de cita no válido'],
      [`?ids=${Array.from({ length: 101 }, () => id).join(',')}`, 'Como máximo 100 citas a la vez'],
      [`?ids=${id}&doctorId=${id}`, 'Campo no permitido: doctorId'],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe(message);
    }
    const hundred = await get(`?ids=${Array.from({ length: 100 }, () => id).join(',')}`);
    expect(hundred.statusCode).toBe(200);
    expect(hundred.json()).toEqual({ invoices: [], packSessions: [], covered: [] });
  });
});
