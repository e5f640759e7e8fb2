import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog, clinicServices } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, createService, insertAppointment } from '../../test/fixtures';

/**
 * Making and planning quotes (decision 0123): the services a doctor may quote, a draft changed by the doctor of the
 * patient (not by another, not once sent), and the appointments the desk may link to an accepted quote's sessions.
 */
let t: TestApp;
let admin: { cookie: string; email: string };
let doctor: { id: string; cookie: string };
let stranger: { cookie: string };
let luciaId: string;
let empaste: string;
let fisio: string;
let retired: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, ...(payload ? { payload } : {}) });

async function signedDoctor(displayName: string) {
  const made = await createDoctor(t, admin.cookie, { displayName });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(made.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  return { ...made, cookie: await t.signIn(made.email) };
}

beforeAll(async () => {
  clock.freeze('2026-05-29T19:30:00+02:00'); // a Friday evening in Madrid, the end of the month near
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const carmen = await signedDoctor('Dra. Carmen Planes');
  doctor = { id: carmen.id, cookie: carmen.cookie };
  stranger = await signedDoctor('Dr. Ajeno');
  luciaId = (await createPatientRecord(t, { firstName: 'Lucía', lastName: 'Planes', email: 'lp@p.test', phone: '' }))
    .id;
  await insertAppointment(t, {
    patientId: luciaId,
    doctorId: doctor.id,
    startsAt: new Date('2026-05-04T10:00:00+02:00'),
  });
  empaste = await createService(t, admin.cookie, {
    specialtyId: carmen.specialtyId,
    name: 'Empaste',
    priceCents: 4999,
  });
  fisio = await createService(t, admin.cookie, {
    specialtyId: carmen.specialtyId,
    name: 'Fisioterapia',
    priceCents: 10000,
  });
  retired = await createService(t, admin.cookie, {
    specialtyId: carmen.specialtyId,
    name: 'Retirado',
    priceCents: 100,
  });
  await t.database.db.update(clinicServices).set({ active: false }).where(eq(clinicServices.id, retired));
}, 180_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('a doctor makes and changes a quote', () => {
  it('lists the active services with their price, to the doctor too (the catalogue itself is the desk’s)', async () => {
    const listed = await send('GET', '/api/quotes/services', doctor.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const names = listed.json().map((row: { name: string }) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Empaste', 'Fisioterapia']));
    expect(names).not.toContain('Retirado');
    expect(listed.json().find((row: { name: string }) => row.name === 'Empaste')).toMatchObject({ priceCents: 4999 });
    expect((await send('GET', '/api/services', doctor.cookie)).statusCode).toBe(403);
  });

  it('changes her draft’s lines under the same number, refuses another doctor, and freezes it once sent', async () => {
    const made = await send('POST', '/api/quotes', doctor.cookie, {
      patientId: luciaId,
      lines: [{ serviceId: empaste, quantity: 2, detail: '16, 17' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, number } = made.json();
    expect(made.json()).toMatchObject({ doctorId: doctor.id, totalCents: 9998, validUntil: '2026-06-28' });

    const terms = {
      lines: [
        { serviceId: empaste, quantity: 1, detail: '26' },
        { serviceId: fisio, quantity: 4, detail: 'zona lumbar', discount: { kind: 'porcentaje', percent: 10 } },
      ],
      validUntil: '2026-06-30',
      notes: 'Revisar en junio',
    };
    expect((await send('PUT', `/api/quotes/${id}`, stranger.cookie, terms)).statusCode).toBe(404);
    const changed = await send('PUT', `/api/quotes/${id}`, doctor.cookie, terms);
    expect(changed.statusCode, changed.body).toBe(200);
    // 49,99 + 4 × 100,00 less 10 % = 409,99 €; the same number, the lines from position 1.
    expect(changed.json()).toMatchObject({ number, totalCents: 40999, validUntil: '2026-06-30', state: 'borrador' });
    expect(
      changed.json().lines.map((line: { detail: string; position: number }) => [line.position, line.detail]),
    ).toEqual([
      [1, '26'],
      [2, 'zona lumbar'],
    ]);
    const past = await send('PUT', `/api/quotes/${id}`, doctor.cookie, { ...terms, validUntil: '2026-05-28' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.validUntil).toBe('La validez no puede terminar antes de hoy');
    const gone = await send('PUT', `/api/quotes/${id}`, doctor.cookie, {
      lines: [{ serviceId: retired, quantity: 1 }],
    });
    expect(gone.statusCode).toBe(200); // as a new quote: a service the clinic still has, active or not
    const edits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(edits.filter((entry) => (entry.details as { edited?: boolean } | null)?.edited)).toHaveLength(2);

    expect((await send('POST', `/api/quotes/${id}/send`, doctor.cookie)).statusCode).toBe(200);
    const frozen = await send('PUT', `/api/quotes/${id}`, doctor.cookie, terms);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe(
      `El presupuesto ${number} ya se envió: no se puede cambiar. Haz uno nuevo si hace falta.`,
    );
  });
});

describe('the desk links her appointments to an accepted quote', () => {
  it('lists only the appointments a session may take, and the doctor may not ask', async () => {
    const made = await send('POST', '/api/quotes', admin.cookie, {
      patientId: luciaId,
      lines: [{ serviceId: fisio, quantity: 2 }],
    });
    const quote = made.json();
    await send('POST', `/api/quotes/${quote.id}/send`, admin.cookie);
    const accepted = await send('POST', `/api/quotes/${quote.id}/paper-acceptance`, admin.cookie, {
      signerName: 'Lucía Planes',
      signedOn: '2026-05-29',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const at = (day: string) => new Date(`${day}T10:00:00+02:00`);
    const june = await insertAppointment(t, { patientId: luciaId, doctorId: doctor.id, startsAt: at('2026-06-01') });
    const july = await insertAppointment(t, { patientId: luciaId, doctorId: doctor.id, startsAt: at('2026-07-06') });
    const cancelled = await insertAppointment(t, {
      patientId: luciaId,
      doctorId: doctor.id,
      startsAt: at('2026-06-08'),
      status: 'cancelada',
    });
    const ofEmpaste = await insertAppointment(t, {
      patientId: luciaId,
      doctorId: doctor.id,
      startsAt: at('2026-06-15'),
    });
    await t.database.db.update(appointments).set({ serviceId: empaste }).where(eq(appointments.id, ofEmpaste.id));

    const url = `/api/quotes/${quote.id}/appointments`;
    expect((await send('GET', url, doctor.cookie)).statusCode).toBe(403);
    const listed = await send('GET', url, admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([june.id, july.id, ofEmpaste.id]));
    expect(ids).not.toContain(cancelled.id);
    expect(listed.json()[0]).toMatchObject({ id: july.id, doctorName: 'Dra. Carmen Planes', serviceId: null });
    expect(listed.json().find((row: { id: string }) => row.id === ofEmpaste.id).serviceName).toBe('Empaste');

    const linked = await send('POST', `/api/quotes/${quote.id}/sessions`, admin.cookie, {
      lineId: quote.lines[0].id,
      appointmentId: june.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const after = (await send('GET', url, admin.cookie)).json().map((row: { id: string }) => row.id);
    expect(after).not.toContain(june.id);
    expect(after).toContain(july.id);
    expect(
      (await send('GET', '/api/quotes/00000000-0000-4000-8000-000000000000/appointments', admin.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('a draft whose validity passed', () => {
  it('is changed with a new validity (a Sunday, over a month later) and reads as a draft again', async () => {
    clock.freeze('2026-05-29T19:30:00+02:00');
    admin.cookie = await t.signIn(admin.email);
    const made = await send('POST', '/api/quotes', admin.cookie, {
      patientId: luciaId,
      lines: [{ serviceId: fisio, quantity: 1 }],
      validUntil: '2026-05-31',
    });
    clock.freeze('2026-07-05T11:00:00+02:00');
    admin.cookie = await t.signIn(admin.email);
    expect((await send('GET', `/api/quotes/${made.json().id}`, admin.cookie)).json().state).toBe('caducado');
    const lines = [{ serviceId: fisio, quantity: 1 }];
    const stale = await send('PUT', `/api/quotes/${made.json().id}`, admin.cookie, { lines, validUntil: '2026-05-31' });
    expect(stale.statusCode).toBe(400);
    const renewed = await send('PUT', `/api/quotes/${made.json().id}`, admin.cookie, { lines });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ state: 'borrador', validUntil: '2026-08-04', number: made.json().number });
  });
});
