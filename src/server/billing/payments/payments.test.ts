import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog, patients } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';

let t: TestApp;
let admin: { email: string; cookie: string };
let patient: { id: string; email: string; cookie: string };
let invoiceId: string;
let doctorA: { id: string; displayName: string; specialtyId: string };
let doctorB: { id: string; displayName: string };

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method, url, payload, cookie });

/** A visit of the patient that took place, booked for a new service of the doctor's specialty. */
async function attendedVisit(doctor: { id: string; specialtyId: string }, startsAt: string, service: object) {
  const created = await request('POST', '/api/services', {
    specialtyId: doctor.specialtyId,
    doctorIds: [],
    durationMinutes: 30,
    bookableOnline: true,
    active: true,
    ...service,
  });
  const row = await insertAppointment(t, { patientId: patient.id, doctorId: doctor.id, startsAt: new Date(startsAt) });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', arrivedAt: new Date(startsAt), serviceId: created.json().id })
    .where(eq(appointments.id, row.id));
  return row.id;
}

beforeAll(async () => {
  clock.freeze('2026-03-03T09:00:00+01:00');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const first = await createDoctor(t, admin.cookie, { displayName: 'Dra. Ana Cobro' });
  const second = await createDoctor(t, admin.cookie, { displayName: 'Dr. Beto Cobro' });
  doctorA = { id: first.id, displayName: 'Dra. Ana Cobro', specialtyId: first.specialtyId };
  doctorB = { id: second.id, displayName: 'Dr. Beto Cobro' };
  const account = await t.createUser({ role: 'paciente', email: 'pagadora@cobro.test' });
  const [record] = await t.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.accountId, account.id));
  patient = { id: record!.id, email: 'pagadora@cobro.test', cookie: account.cookie };
  await request('PUT', '/api/billing/issuer', {
    legalName: 'Clínica Cobros, S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1, 28013 Madrid',
    registry: '',
  });
  // 60,00 € exempt with doctor A, and 121,00 € + 21 % with doctor B: 206,41 € in all.
  const consult = await attendedVisit(first, '2026-03-02T10:00:00+01:00', {
    name: 'Consulta',
    priceCents: 6000,
    vat: 'exenta',
  });
  const peeling = await attendedVisit(second, '2026-03-02T11:00:00+01:00', {
    name: 'Peeling',
    priceCents: 12100,
    vat: '21',
  });
  const issued = await request('POST', '/api/invoices', {
    patientId: patient.id,
    appointmentIds: [consult, peeling],
    kind: 'simplificada',
  });
  expect(issued.statusCode, issued.body).toBe(201);
  expect(issued.json().totalCents).toBe(20641);
  invoiceId = issued.json().id;
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

describe('payments', () => {
  it('takes part of what is owed, then the rest, and never more; every payment audited', async () => {
    clock.freeze('2026-03-03T10:00:00+01:00');
    const url = `/api/invoices/${invoiceId}/payments`;
    const card = await request('POST', url, { method: 'tarjeta', amountCents: 5000 });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json()).toMatchObject({ totalCents: 20641, paidCents: 5000, outstandingCents: 15641 });

    const tooMuch = await request('POST', url, { method: 'efectivo', amountCents: 15642 });
    expect(tooMuch.statusCode).toBe(400);
    // The amount as Intl writes euros: a no-break space before the sign.
    expect(tooMuch.json().error.fields.amountCents).toBe('El importe supera lo pendiente (156,41\u00a0€)');
    const negative = await request('POST', url, { method: 'efectivo', amountCents: -100 });
    expect(negative.json().error.fields.amountCents).toBe('El importe debe ser mayor que cero');
    const unknown = await request('POST', url, { method: 'cheque', amountCents: 100 });
    expect(unknown.statusCode).toBe(400);

    const cash = await request('POST', url, { method: 'efectivo', amountCents: 15641, note: 'Pagó en mano' });
    expect(cash.json()).toMatchObject({ paidCents: 20641, outstandingCents: 0 });
    expect(cash.json().payments.map((payment: { method: string }) => payment.method)).toEqual(['tarjeta', 'efectivo']);
    const again = await request('POST', url, { method: 'bizum', amountCents: 1 });
    expect(again.json().error.fields.amountCents).toBe('Esta factura ya está pagada');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'payment'));
    expect(entries.filter((entry) => entry.action === 'create')).toHaveLength(2);
  });

  it('shows a paciente what she paid of her own invoice, and nobody else’s; she cannot take payments', async () => {
    clock.freeze('2026-03-03T12:00:00+01:00');
    const mine = await request('GET', `/api/invoices/${invoiceId}/payments`, undefined, patient.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ paidCents: 20641, outstandingCents: 0 });
    const stranger = await t.createUser({ role: 'paciente', email: 'ajena@cobro.test' });
    expect((await request('GET', `/api/invoices/${invoiceId}/payments`, undefined, stranger.cookie)).statusCode).toBe(
      404,
    );
    const own = await request(
      'POST',
      `/api/invoices/${invoiceId}/payments`,
      { method: 'bizum', amountCents: 1 },
      patient.cookie,
    );
    expect(own.statusCode).toBe(403);
  });

  it('refuses a payment against a cancelled invoice', async () => {
    clock.freeze('2026-03-03T12:30:00+01:00');
    const other = await request('POST', '/api/invoices', {
      patientId: patient.id,
      lines: [{ description: 'Informe médico', quantity: 1, unitPriceCents: 3000, vat: 'exenta' }],
      kind: 'simplificada',
    });
    await request('POST', `/api/invoices/${other.json().id}/cancel`, { reason: 'Emitida dos veces' });
    const refused = await request('POST', `/api/invoices/${other.json().id}/payments`, {
      method: 'efectivo',
      amountCents: 3000,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_PAYABLE');
  });
});

describe('«Cierre de caja»', () => {
  it('counts the day by method and shares it out by doctor, to the cent', async () => {
    clock.freeze('2026-03-03T19:00:00+01:00');
    const day = (await request('GET', '/api/billing/cash?day=2026-03-03')).json();
    expect(day).toMatchObject({
      day: '2026-03-03',
      expected: { efectivo: 15641, tarjeta: 5000, transferencia: 0, bizum: 0 },
      totalCents: 20641,
      payments: 2,
      open: { totalCents: 20641, payments: 2 },
      closings: [],
    });
    // 5000 → 1657 + 3343 and 15641 → 5185 + 10456, by the lines' bases (6000 and 12100 of 18100).
    expect(day.byDoctor).toEqual([
      { doctorId: doctorB.id, doctorName: doctorB.displayName, amountCents: 13799 },
      { doctorId: doctorA.id, doctorName: doctorA.displayName, amountCents: 6842 },
    ]);
  });

  it('takes a payment made after midnight in Madrid on the clinic’s new day', async () => {
    // 00:30 on 4 March in Madrid is still 3 March in UTC.
    clock.freeze('2026-03-04T00:30:00+01:00');
    admin.cookie = await t.signIn(admin.email);
    const late = await request('POST', '/api/invoices', {
      patientId: patient.id,
      lines: [{ description: 'Certificado', quantity: 1, unitPriceCents: 2000, vat: 'exenta' }],
      kind: 'simplificada',
    });
    await request('POST', `/api/invoices/${late.json().id}/payments`, { method: 'bizum', amountCents: 2000 });
    expect((await request('GET', '/api/billing/cash?day=2026-03-04')).json().expected.bizum).toBe(2000);
    expect((await request('GET', '/api/billing/cash?day=2026-03-03')).json().expected.bizum).toBe(0);
  });

  it('closes a shift with what was counted, keeps the difference, and counts later payments in the next shift', async () => {
    clock.freeze('2026-03-04T14:00:00+01:00');
    // The counted amounts are asked, never assumed: a method left out is refused in Spanish.
    const unfilled = await request('POST', '/api/billing/cash/close', {
      day: '2026-03-04',
      counted: { efectivo: 0, tarjeta: 0, transferencia: 0 },
      note: '',
    });
    expect(unfilled.statusCode).toBe(400);
    expect(unfilled.json().error.message).toBe('Contado: bizum: escribe un importe');

    const counted = { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 1500 };
    const closed = await request('POST', '/api/billing/cash/close', { day: '2026-03-04', counted, note: 'Faltan 5 €' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().open).toEqual({
      expected: { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 0 },
      totalCents: 0,
      payments: 0,
    });
    expect(closed.json().closings).toEqual([
      expect.objectContaining({
        shift: 1,
        payments: 1,
        expected: { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 2000 },
        counted,
        difference: { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: -500 },
        expectedCents: 2000,
        countedCents: 1500,
        differenceCents: -500,
        note: 'Faltan 5 €',
        reopened: null,
      }),
    ]);
    // Nothing new since: nothing to close.
    const twice = await request('POST', '/api/billing/cash/close', { day: '2026-03-04', counted, note: '' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('DAY_CLOSED');

    // The afternoon shift: a payment after the closing is taken, and goes into the open shift.
    clock.freeze('2026-03-04T17:00:00+01:00');
    const open = await request('POST', '/api/invoices', {
      patientId: patient.id,
      lines: [{ description: 'Informe', quantity: 1, unitPriceCents: 1000, vat: 'exenta' }],
      kind: 'simplificada',
    });
    const late = await request('POST', `/api/invoices/${open.json().id}/payments`, {
      method: 'efectivo',
      amountCents: 1000,
    });
    expect(late.statusCode, late.body).toBe(201);
    const afternoon = (await request('GET', '/api/billing/cash?day=2026-03-04')).json();
    expect(afternoon.open).toMatchObject({ totalCents: 1000, payments: 1 });
    expect(afternoon).toMatchObject({ totalCents: 3000, payments: 2 });

    clock.freeze('2026-03-04T21:00:00+01:00');
    const second = await request('POST', '/api/billing/cash/close', {
      day: '2026-03-04',
      counted: { efectivo: 1000, tarjeta: 0, transferencia: 0, bizum: 0 },
      note: '',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(
      second
        .json()
        .closings.map((closing: { shift: number; expectedCents: number; differenceCents: number }) => [
          closing.shift,
          closing.expectedCents,
          closing.differenceCents,
        ]),
    ).toEqual([
      [1, 2000, -500],
      [2, 1000, 0],
    ]);

    const future = await request('POST', '/api/billing/cash/close', { day: '2026-03-05', counted, note: '' });
    expect(future.json().error.fields.day).toBe('No se puede cerrar la caja de un día que aún no ha llegado');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'cash_closing'));
    expect(entries.map((entry) => (entry.details as { difference: number }).difference)).toEqual([-500, 0]);
  });

  it('lets an admin reopen a closing once, with a reason on record; its payments are counted again', async () => {
    clock.freeze('2026-03-04T21:30:00+01:00');
    const day = (await request('GET', '/api/billing/cash?day=2026-03-04')).json();
    const first = day.closings[0].id as string;
    const url = `/api/billing/cash/closings/${first}/reopen`;
    const noReason = await request('POST', url, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Escribe el motivo de la reapertura (al menos 5 caracteres)');
    const doctor = await t.createUser({ role: 'doctor', email: 'doctora@cobro.test' });
    expect((await request('POST', url, { reason: 'Recuento mal hecho' }, doctor.cookie)).statusCode).toBe(403);

    const reopened = await request('POST', url, { reason: 'Recuento mal hecho: faltaba un billete de 5 €' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().closings[0].reopened).toMatchObject({
      reason: 'Recuento mal hecho: faltaba un billete de 5 €',
      byName: expect.any(String),
    });
    // The closing stays as it was; its payment is in the open shift again.
    expect(reopened.json().closings[0]).toMatchObject({ shift: 1, countedCents: 1500, differenceCents: -500 });
    expect(reopened.json().open).toMatchObject({ totalCents: 2000, payments: 1 });
    const again = await request('POST', url, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REOPENED');
    const unknown = await request('POST', '/api/billing/cash/closings/00000000-0000-4000-8000-000000000000/reopen', {
      reason: 'No existe este cierre',
    });
    expect(unknown.statusCode).toBe(404);

    const recount = await request('POST', '/api/billing/cash/close', {
      day: '2026-03-04',
      counted: { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 2000 },
      note: 'Recontado',
    });
    expect(recount.json().closings.map((closing: { shift: number }) => closing.shift)).toEqual([1, 2, 3]);
    expect(recount.json().closings[2]).toMatchObject({ expectedCents: 2000, differenceCents: 0, payments: 1 });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'cash_closing'));
    expect(entries.find((entry) => entry.action === 'update')).toMatchObject({
      entityId: first,
      details: { reopened: true, reason: 'Recuento mal hecho: faltaba un billete de 5 €' },
    });
  });

  it('gives a refund back to the doctor whose work it pays for, not to «Sin profesional»', async () => {
    clock.freeze('2026-03-05T10:00:00+01:00');
    admin.cookie = await t.signIn(admin.email);
    const visit = await attendedVisit(doctorA, '2026-03-05T09:00:00+01:00', {
      name: 'Revisión',
      priceCents: 8000,
      vat: 'exenta',
    });
    const issued = await request('POST', '/api/invoices', {
      patientId: patient.id,
      appointmentIds: [visit],
      kind: 'simplificada',
    });
    await request('POST', `/api/invoices/${issued.json().id}/payments`, { method: 'tarjeta', amountCents: 8000 });
    clock.freeze('2026-03-05T12:00:00+01:00');
    const rectified = await request('POST', `/api/invoices/${issued.json().id}/rectify`, {
      type: 'R5',
      method: 'diferencias',
      reason: 'La revisión no se cobra',
      lines: [{ description: 'Revisión sin cargo', quantity: 1, unitPriceCents: -8000, vat: 'exenta' }],
    });
    expect(rectified.statusCode, rectified.body).toBe(201);
    const refund = await request('POST', `/api/invoices/${issued.json().id}/payments`, {
      method: 'tarjeta',
      amountCents: 8000,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const day = (await request('GET', '/api/billing/cash?day=2026-03-05')).json();
    // Today this read 80,00 € for the doctor and «Sin profesional −80,00 €».
    expect(day.byDoctor).toEqual([{ doctorId: doctorA.id, doctorName: doctorA.displayName, amountCents: 0 }]);
    expect(day.totalCents).toBe(0);
  });

  it('refuses, in the database itself, to change or delete a payment or a closing, in their own words', async () => {
    const statements = [
      sql`UPDATE payments SET amount_cents = 1 WHERE true`,
      sql`DELETE FROM payments WHERE true`,
      sql`UPDATE cash_closings SET note = 'x' WHERE true`,
      sql`DELETE FROM cash_closings WHERE true`,
      sql`UPDATE cash_reopenings SET reason = 'x' WHERE true`,
      sql`DELETE FROM cash_reopenings WHERE true`,
    ];
    for (const statement of statements) {
      const refusal = await t.deps.db.execute(statement).then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refusal).toMatch(/^Los cobros y los cierres de caja no se modifican ni se borran/);
    }
  });
});
