import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, bookingDeposits, insurers, payments } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor } from '../../test/fixtures';
import { startLocalRedsys, type LocalRedsys } from '../../test/redsys-server';

// Deposits at online booking (decision 0121), against our own Redsys: paid, refused, duplicated, late; refunded by
// the service's window at several moments (an evening, a weekend, the window's boundary minute), and deducted.
const SECRET = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const MERCHANT = '999008881';
const madrid = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

let t: TestApp;
let redsys: LocalRedsys;
let admin: { cookie: string };
let doctor: { id: string; specialtyId: string };
let serviceId: string;
let sequence = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
  t.request({ method, url, payload, cookie });

const serviceBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cirugía menor',
  specialtyId: doctor.specialtyId,
  doctorIds: [],
  durationMinutes: 30,
  priceCents: 10_000,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
  depositCents: 3000,
  depositRefundHours: 48,
  ...overrides,
});

/** A public booking of the service at `startsAt`: its manage token and the confirmation. */
async function book(startsAt: string) {
  const booked = await call('POST', '/api/public/bookings', {
    doctorId: doctor.id,
    startsAt,
    serviceId,
    firstName: 'Lucía',
    lastName: 'Señal Prueba',
    email: `senal${++sequence}@prueba.test`,
    phone: '+34 600 555 444',
    reason: '',
    acceptPrivacy: true,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const body = booked.json();
  return { token: body.manageUrl.split('/cita/')[1] as string, appointment: body.appointment };
}

const pay = async (token: string, decision: 'authorise' | 'refuse' = 'authorise') => {
  const started = await call('POST', `/api/public/bookings/${token}/deposit-payment`, { method: 'tarjeta' });
  expect(started.statusCode, started.body).toBe(200);
  return redsys.pay(started.json().fields, decision);
};
const depositOf = async (token: string) => (await call('GET', `/api/public/bookings/${token}`)).json().deposit;
const depositRow = async (appointmentId: string) =>
  (await t.database.db.select().from(bookingDeposits).where(eq(bookingDeposits.appointmentId, appointmentId)))[0]!;
const cancel = (token: string) => call('POST', `/api/public/bookings/${token}/cancel`, { reason: '' });

beforeAll(async () => {
  clock.freeze('2026-03-02T18:30:00+01:00'); // a Monday evening
  redsys = await startLocalRedsys({ merchantCode: MERCHANT, secret: SECRET });
  t = await buildTestApp({ config: { redsys: { redirect: redsys.redirectUrl, rest: redsys.restUrl } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  (t.deps.config as { publicUrl: string }).publicUrl = `http://127.0.0.1:${address.port}`;
  admin = await t.createUser({ role: 'admin' });
  const schedule = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '21:00' }));
  const created = await createDoctor(t, admin.cookie, { appointmentMinutes: 30, schedule });
  doctor = { id: created.id, specialtyId: created.specialtyId };
  await call(
    'PUT',
    '/api/billing/issuer',
    { legalName: 'Clínica Señal, S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid', registry: '' },
    admin.cookie,
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
  await redsys?.close();
  clock.freeze(null);
}, 180_000);

describe('a deposit in «Servicios y tarifas»', () => {
  it('is asked only with the card payments set up, never above the price, and reachable with its VAT', async () => {
    const before = await call('POST', '/api/services', serviceBody(), admin.cookie);
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields.depositCents).toMatch(/configura antes el pago con tarjeta/);
    const pos = { merchantCode: MERCHANT, terminal: '1', environment: 'pruebas', secret: SECRET };
    expect((await call('PUT', '/api/settings/redsys', pos, admin.cookie)).statusCode).toBe(200);
    const above = await call('POST', '/api/services', serviceBody({ depositCents: 10_001 }), admin.cookie);
    expect(above.json().error.fields.depositCents).toMatch(
      /^La señal no puede superar el precio del servicio \(100,00\s€\)$/,
    );
    // 12,01 € at 21 %: no base in cents gives it exactly.
    const unreachable = await call(
      'POST',
      '/api/services',
      serviceBody({ name: 'Estética', vat: '21', depositCents: 1201 }),
      admin.cookie,
    );
    expect(unreachable.json().error.fields.depositCents).toMatch(/cambia la señal en un céntimo/);
    const created = await call('POST', '/api/services', serviceBody(), admin.cookie);
    expect(created.statusCode, created.body).toBe(201);
    serviceId = created.json().id;
    const listed = (await call('GET', '/api/services', undefined, admin.cookie)).json();
    expect(listed.find((row: { id: string }) => row.id === serviceId)).toMatchObject({
      depositCents: 3000,
      depositRefundHours: 48,
    });
  });
});

describe('booking and paying the deposit', () => {
  it('holds the booking pending its deposit, and the bank’s notification issues the advance invoice', async () => {
    const { token, appointment } = await book(madrid('2026-03-06', '10:00'));
    expect(appointment.deposit).toMatchObject({ amountCents: 3000, state: 'pendiente', invoiceNumber: null });
    expect(appointment.deposit.holdUntil).toBe('2026-03-02T18:00:00.000Z');
    const back = await pay(token);
    const result = (await call('GET', `/api/public/online-payments/${back!.split('/pago/')[1]}`)).json();
    expect(result).toMatchObject({ state: 'recibido', amountCents: 3000, deposit: true });
    const deposit = await depositOf(token);
    expect(deposit).toMatchObject({ state: 'pagada', invoiceNumber: result.invoiceNumber });
    const row = await depositRow(appointment.id);
    const invoice = (await call('GET', `/api/invoices/${row.invoiceId}`, undefined, admin.cookie)).json();
    expect(invoice).toMatchObject({ type: 'F2', totalCents: 3000, taxCents: 0 });
    expect(invoice.lines[0].description).toBe('Señal / pago anticipado · Cirugía menor, cita del 06/03/2026');
    const paid = await t.database.db.select().from(payments).where(eq(payments.invoiceId, row.invoiceId!));
    expect(paid.map((p) => p.amountCents)).toEqual([3000]);
  });

  it('lets a refused card try again within the hold; a duplicate notification records nothing twice', async () => {
    const { token, appointment } = await book(madrid('2026-03-06', '11:00'));
    redsys.script({ response: '0190' });
    await pay(token, 'refuse');
    expect((await depositOf(token)).state).toBe('pendiente');
    redsys.script({ copies: 2 });
    await pay(token);
    expect((await depositOf(token)).state).toBe('pagada');
    const row = await depositRow(appointment.id);
    const paid = await t.database.db.select().from(payments).where(eq(payments.invoiceId, row.invoiceId!));
    expect(paid).toHaveLength(1);
  });

  it('frees the time when the hold ends unpaid, and refunds a payment that arrives after', async () => {
    const { token, appointment } = await book(madrid('2026-03-06', '12:00'));
    redsys.script({ late: true });
    await pay(token);
    clock.freeze('2026-03-02T19:00:01+01:00');
    expect(await t.deps.appointments.expireDepositHolds()).toBe(1);
    const own = (await call('GET', `/api/public/bookings/${token}`)).json();
    expect(own.status).toBe('cancelada');
    expect(own.cancelReason).toMatch(/No se pagó la señal en los 30 minutos/);
    expect(own.deposit.state).toBe('caducada');
    const refused = await call('POST', `/api/public/bookings/${token}/deposit-payment`, { method: 'bizum' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/ha quedado libre/);
    await redsys.releaseLate();
    const after = await depositOf(token);
    expect(after).toMatchObject({ state: 'devuelta' });
    expect(after.rectifyingNumber).toMatch(/^R/);
    expect(redsys.refunds.at(-1)).toMatchObject({ amountCents: 3000 });
    expect((await depositRow(appointment.id)).refundReason).toMatch(/ya estaba cancelada/);
    clock.freeze('2026-03-02T18:30:00+01:00');
  });
});

describe('cancelling: the refund by the window', () => {
  async function paidBooking(startsAt: string) {
    const booked = await book(startsAt);
    await pay(booked.token);
    return booked;
  }

  it('refunds at the window’s boundary minute (a weekday) and keeps it a minute later', async () => {
    const inTime = await paidBooking(madrid('2026-03-06', '15:00'));
    const late = await paidBooking(madrid('2026-03-06', '15:30'));
    clock.freeze('2026-03-04T15:00:00+01:00'); // exactly 48 h before the first
    const shown = await depositOf(inTime.token);
    expect(shown.refundUntil).toBe('2026-03-04T14:00:00.000Z');
    expect((await cancel(inTime.token)).json().deposit).toMatchObject({ state: 'devuelta' });
    clock.freeze('2026-03-04T15:31:00+01:00'); // a minute past the second's 48 h
    expect((await cancel(late.token)).json().deposit).toMatchObject({ state: 'retenida', rectifyingNumber: null });
    expect(redsys.refunds.filter((refund) => refund.amountCents === 3000)).toHaveLength(2); // the late one + this
    clock.freeze('2026-03-02T18:30:00+01:00');
  });

  it('on a weekend: a Monday visit cancelled on Saturday morning, in time and not', async () => {
    const monday = await paidBooking(madrid('2026-03-09', '09:00'));
    const mondayLater = await paidBooking(madrid('2026-03-09', '20:00'));
    clock.freeze('2026-03-07T09:00:00+01:00'); // Saturday, 48 h before 09:00 on Monday
    expect((await cancel(monday.token)).json().deposit.state).toBe('devuelta');
    clock.freeze('2026-03-07T21:00:00+01:00'); // Saturday evening: 47 h before Monday 20:00
    expect((await cancel(mondayLater.token)).json().deposit.state).toBe('retenida');
    clock.freeze('2026-03-02T18:30:00+01:00');
  });

  it('keeps a refund the bank refused, shows it, and retries it', async () => {
    const { token, appointment } = await paidBooking(madrid('2026-03-10', '10:00'));
    redsys.script({ response: '0190' });
    const cancelled = (await cancel(token)).json();
    expect(cancelled.deposit).toMatchObject({ state: 'a_devolver', refundAttempts: 1 });
    expect(cancelled.deposit.refundError).toMatch(/rechazó la devolución \(código 0190\)/);
    const detail = (await call('GET', `/api/appointments/${appointment.id}`, undefined, admin.cookie)).json();
    expect(detail.deposit).toMatchObject({ state: 'a_devolver' });
    // Too soon for the job; ten minutes later it goes back.
    expect(await t.deps.appointments.depositWork()).toBe(0);
    clock.freeze('2026-03-02T18:41:00+01:00');
    expect(await t.deps.appointments.depositWork()).toBe(1);
    expect((await depositOf(token)).state).toBe('devuelta');
    clock.freeze('2026-03-02T18:30:00+01:00');
  });

  it('always refunds when the clinic cancels, even inside the window', async () => {
    const { token, appointment } = await paidBooking(madrid('2026-03-03', '10:00'));
    const cancelled = await call(
      'POST',
      `/api/appointments/${appointment.id}/status`,
      { status: 'cancelada', reason: 'La doctora está enferma' },
      admin.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The desk's cancellation may be undone for a few seconds: the refunds' job gives it back a minute later.
    expect((await depositOf(token)).state).toBe('a_devolver');
    clock.freeze('2026-03-02T18:31:01+01:00');
    expect(await t.deps.appointments.depositWork()).toBe(1);
    expect((await depositOf(token)).state).toBe('devuelta');
    clock.freeze('2026-03-02T18:30:00+01:00');
  });
});

describe('the visit’s invoice', () => {
  it('deducts the deposit already invoiced, base and VAT, to the cent', async () => {
    const { token, appointment } = await (async () => {
      const booked = await book(madrid('2026-03-02', '20:30'));
      await pay(booked.token);
      return booked;
    })();
    expect((await depositOf(token)).state).toBe('pagada');
    clock.freeze('2026-03-02T21:10:00+01:00');
    await t.database.db
      .update(appointments)
      .set({ status: 'atendida', arrivedAt: new Date(madrid('2026-03-02', '20:30')) })
      .where(eq(appointments.id, appointment.id));
    const row = await depositRow(appointment.id);
    const issued = await call(
      'POST',
      '/api/invoices',
      {
        patientId: (await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id)))[0]!
          .patientId,
        appointmentIds: [appointment.id],
        kind: 'simplificada',
      },
      admin.cookie,
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (await call('GET', `/api/invoices/${issued.json().id}`, undefined, admin.cookie)).json();
    expect(invoice.totalCents).toBe(7000);
    expect(invoice.lines.map((line: { baseCents: number }) => line.baseCents)).toEqual([10_000, -3000]);
    const advance = (await call('GET', `/api/invoices/${row.invoiceId}`, undefined, admin.cookie)).json();
    expect(invoice.lines[1].description).toBe(`Señal / pago anticipado ya facturado (factura ${advance.number})`);
    expect((await depositRow(appointment.id)).deductedInvoiceId).toBe(issued.json().id);
    clock.freeze('2026-03-02T18:30:00+01:00');
  });
});

describe('a visit another payer covered', () => {
  /** A paid booking of Tuesday at `time`, attended through the desk's status route after it (arrival at its start). */
  async function attendedPaid(time: string) {
    const booked = await book(madrid('2026-03-03', time));
    await pay(booked.token);
    const patientId = (
      await t.database.db.select().from(appointments).where(eq(appointments.id, booked.appointment.id))
    )[0]!.patientId;
    return { ...booked, patientId };
  }
  const setStatus = (appointmentId: string, body: object) =>
    call('POST', `/api/appointments/${appointmentId}/status`, body, admin.cookie);
  const attend = (appointmentId: string, time: string) =>
    setStatus(appointmentId, { status: 'atendida', arrivedAt: madrid('2026-03-03', time) });

  it('gives the deposit back a minute after a pack’s session paid the visit, not before', async () => {
    const booked = await attendedPaid('16:00');
    const product = await call(
      'POST',
      '/api/pack-products',
      { serviceId, sessions: 5, priceCents: 40_000, validityMonths: null, active: true },
      admin.cookie,
    );
    expect(product.statusCode, product.body).toBe(201);
    const sold = await call(
      'POST',
      `/api/patients/${booked.patientId}/packs`,
      { productId: product.json().id, kind: 'simplificada' },
      admin.cookie,
    );
    expect(sold.statusCode, sold.body).toBe(201);
    clock.freeze('2026-03-03T16:40:00+01:00');
    const attended = await attend(booked.appointment.id, '16:00');
    expect(attended.statusCode, attended.body).toBe(200);
    expect(await depositRow(booked.appointment.id)).toMatchObject({
      state: 'a_devolver',
      refundReason: 'La visita la cubrió una sesión del bono',
    });
    // Too soon: an «Atendida» marked by mistake may still be undone.
    expect(await t.deps.appointments.depositWork()).toBe(0);
    clock.freeze('2026-03-03T16:41:01+01:00');
    expect(await t.deps.appointments.depositWork()).toBe(1);
    const deposit = await depositOf(booked.token);
    expect(deposit).toMatchObject({ state: 'devuelta' });
    expect(deposit.rectifyingNumber).toMatch(/^R/);
    expect(redsys.refunds.at(-1)).toMatchObject({ amountCents: 3000 });
    clock.freeze('2026-03-02T18:30:00+01:00');
  });

  it('an insurer’s visit: refunded when her copay is below the deposit, kept to deduct when it is not', async () => {
    const covered = await attendedPaid('16:30');
    const copaid = await attendedPaid('17:00');
    // Who pays was frozen at booking (decision 0118): written here as the desk's booking «por su aseguradora» would.
    const [insurer] = await t.database.db.insert(insurers).values({ name: 'Mutua Señal' }).returning();
    const byInsurer = (appointmentId: string, copayCents: number) =>
      t.database.db
        .update(appointments)
        .set({ payer: 'aseguradora', insurerId: insurer!.id, insurerPriceCents: 4000, insurerCopayCents: copayCents })
        .where(eq(appointments.id, appointmentId));
    await byInsurer(covered.appointment.id, 1000);
    await byInsurer(copaid.appointment.id, 3000);
    clock.freeze('2026-03-03T17:40:00+01:00');
    expect((await attend(covered.appointment.id, '16:30')).statusCode).toBe(200);
    expect((await attend(copaid.appointment.id, '17:00')).statusCode).toBe(200);
    expect(await depositRow(covered.appointment.id)).toMatchObject({
      state: 'a_devolver',
      refundReason: 'La visita la cubrió la aseguradora',
    });
    expect((await depositRow(copaid.appointment.id)).state).toBe('pagada');
    // Attended by mistake and undone before the refund went: the deposit is paid again, nothing goes back.
    const undone = await call('POST', `/api/appointments/${covered.appointment.id}/undo`, {}, admin.cookie);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await depositRow(covered.appointment.id)).toMatchObject({ state: 'pagada', refundReason: null });
    clock.freeze('2026-03-03T17:42:00+01:00');
    expect(await t.deps.appointments.depositWork()).toBe(0);
    clock.freeze('2026-03-02T18:30:00+01:00');
  });
});

describe('the patient’s e-mails', () => {
  it('tells her when the deposit is received (until when it comes back) and when it is given back', async () => {
    const { token } = await book(madrid('2026-03-11', '10:00'));
    const email = `senal${sequence}@prueba.test`;
    await pay(token);
    await t.deliverMail();
    const mailsTo = () => t.mailer.sent.filter((mail) => mail.to === email);
    const received = mailsTo().find((mail) => /^Señal recibida: 30,00\s€$/.test(mail.subject))!;
    expect(received.text).toMatch(
      /Hemos recibido la señal de 30,00\s€ de tu cita de Cirugía menor del miércoles, 11 de marzo de 2026, 10:00 \(factura S/,
    );
    expect(received.text).toContain('Si cancelas la cita hasta el lunes, 9 de marzo de 2026, 10:00, te la devolvemos.');
    expect((await cancel(token)).json().deposit.state).toBe('devuelta');
    await t.deliverMail();
    const back = mailsTo().find((mail) => /^Señal devuelta: 30,00\s€$/.test(mail.subject))!;
    expect(back.text).toMatch(/Te hemos devuelto la señal de 30,00\s€ .* \(factura rectificativa R/);
    expect(back.text).toContain('Motivo: Cancelada por la paciente a tiempo.');
  });
});
