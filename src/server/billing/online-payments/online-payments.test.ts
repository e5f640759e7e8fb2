import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, onlinePaymentOutcomes, patients, payments } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment } from '../../test/fixtures';
import { startLocalRedsys, type LocalRedsys } from '../../test/redsys-server';
import { signUrlSafe } from './redsys';

// Redsys's public test key (their integration guide's examples); the merchant code of their test merchant.
const SECRET = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const MERCHANT = '999008881';

let t: TestApp;
let redsys: LocalRedsys;
let admin: { cookie: string };
let patient: { id: string; cookie: string };
let other: { cookie: string };
let doctor: { id: string; specialtyId: string };
let serviceId: string;
let visitHour = 8;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
  t.request({ method, url, payload, cookie });

/** An invoice of one attended visit of 50,00 € (exempt), issued by the desk. */
async function newInvoice(): Promise<string> {
  const startsAt = new Date(`2026-03-02T${String(visitHour++).padStart(2, '0')}:00:00+01:00`);
  const row = await insertAppointment(t, { patientId: patient.id, doctorId: doctor.id, startsAt });
  await t.database.db
    .update(appointments)
    .set({ status: 'atendida', arrivedAt: startsAt, serviceId })
    .where(eq(appointments.id, row.id));
  const issued = await call(
    'POST',
    '/api/invoices',
    { patientId: patient.id, appointmentIds: [row.id], kind: 'simplificada' },
    admin.cookie,
  );
  expect(issued.statusCode, issued.body).toBe(201);
  return issued.json().id as string;
}

const paymentsOf = (invoiceId: string) =>
  t.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const invoice = async (id: string) => (await call('GET', `/api/invoices/${id}`, undefined, admin.cookie)).json();

/** «Pagar con tarjeta o Bizum» in «Mis facturas»: the signed form the browser posts to Redsys. */
async function startFromArea(invoiceId: string, method: 'tarjeta' | 'bizum' = 'tarjeta') {
  const started = await call('POST', `/api/invoices/${invoiceId}/online-payment`, { method }, patient.cookie);
  expect(started.statusCode, started.body).toBe(200);
  return started.json() as {
    action: string;
    fields: { Ds_MerchantParameters: string; Ds_Signature: string; Ds_SignatureVersion: string };
  };
}
/** The token of the link e-mailed for an invoice. */
async function linkToken(invoiceId: string) {
  const { number } = await invoice(invoiceId);
  const mail = t.mailer.sent.find((sent) => sent.subject === `Pago de la factura ${number}`);
  return /\/pagar\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
}
const attemptOf = (returnUrl: string) => returnUrl.split('/pago/')[1]!;
const resultOf = async (attemptId: string) =>
  (await call('GET', `/api/public/online-payments/${attemptId}`)).json().state as string;

beforeAll(async () => {
  clock.freeze('2026-03-03T18:30:00+01:00');
  redsys = await startLocalRedsys({ merchantCode: MERCHANT, secret: SECRET });
  t = await buildTestApp({ config: { redsys: { redirect: redsys.redirectUrl, rest: redsys.restUrl } } });
  // Redsys posts the notification to the app over HTTP: the app listens, and its public URL is where.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  (t.deps.config as { publicUrl: string }).publicUrl = `http://127.0.0.1:${address.port}`;
  admin = await t.createUser({ role: 'admin' });
  const created = await createDoctor(t, admin.cookie, { displayName: 'Dra. Pago Online' });
  doctor = { id: created.id, specialtyId: created.specialtyId };
  const service = await call(
    'POST',
    '/api/services',
    {
      specialtyId: doctor.specialtyId,
      doctorIds: [],
      durationMinutes: 30,
      bookableOnline: true,
      active: true,
      name: 'Consulta online',
      priceCents: 5000,
      vat: 'exenta',
    },
    admin.cookie,
  );
  serviceId = service.json().id;
  const account = await t.createUser({ role: 'paciente', email: 'paga@online.test' });
  const [record] = await t.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.accountId, account.id));
  await t.database.db.update(patients).set({ phone: '600111222' }).where(eq(patients.id, record!.id));
  patient = { id: record!.id, cookie: account.cookie };
  other = await t.createUser({ role: 'paciente', email: 'otra@online.test' });
  await call(
    'PUT',
    '/api/billing/issuer',
    { legalName: 'Clínica Online, S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid', registry: '' },
    admin.cookie,
  );
});
afterAll(async () => {
  await t?.close();
  await redsys?.close();
  clock.freeze(null);
});

describe('the virtual POS settings', () => {
  it('refuses paying before the clinic sets it up', async () => {
    const id = await newInvoice();
    const started = await call('POST', `/api/invoices/${id}/online-payment`, { method: 'tarjeta' }, patient.cookie);
    expect(started.statusCode).toBe(409);
    expect(started.json().error.message).toMatch(/no tiene el pago con tarjeta o Bizum configurado/);
  });

  it('keeps the secret on the server: saved, never sent back; a bad one is refused', async () => {
    const bad = await call(
      'PUT',
      '/api/settings/redsys',
      { merchantCode: MERCHANT, terminal: '1', environment: 'pruebas', secret: 'corta' },
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.secret).toMatch(/Base64/);
    const saved = await call(
      'PUT',
      '/api/settings/redsys',
      { merchantCode: MERCHANT, terminal: '1', environment: 'pruebas', secret: SECRET },
      admin.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ merchantCode: MERCHANT, terminal: '1', environment: 'pruebas', secretSet: true });
    expect(saved.body).not.toContain(SECRET);
    // An empty secret keeps the one there is.
    const again = await call(
      'PUT',
      '/api/settings/redsys',
      { merchantCode: MERCHANT, terminal: '1', environment: 'pruebas', secret: '' },
      admin.cookie,
    );
    expect(again.json().secretSet).toBe(true);
    expect((await call('GET', '/api/settings/redsys', undefined, patient.cookie)).statusCode).toBe(403);
  });
});

describe('paying from «Mis facturas» through the local Redsys', () => {
  it('records a card payment only when the signed notification comes, with its order and authorisation', async () => {
    const id = await newInvoice();
    const form = await startFromArea(id);
    expect(form.action).toBe(redsys.redirectUrl);
    const parameters = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters, 'base64').toString());
    expect(parameters).toMatchObject({
      DS_MERCHANT_AMOUNT: '5000',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_PAYMETHODS: 'C',
    });
    const back = await redsys.pay(form.fields, 'authorise');
    expect(await resultOf(attemptOf(back!))).toBe('recibido');
    const [paid] = await paymentsOf(id);
    expect(paid).toMatchObject({
      method: 'tarjeta',
      amountCents: 5000,
      onlineOrder: parameters.DS_MERCHANT_ORDER,
      receivedBy: null,
      day: '2026-03-03',
    });
    expect(paid!.authorisationCode).toMatch(/^\d{6}$/);
    expect(await invoice(id)).toMatchObject({ outstandingCents: 0, collection: 'pagada' });
    // Nothing is left to pay: a new attempt is refused.
    const again = await call('POST', `/api/invoices/${id}/online-payment`, { method: 'tarjeta' }, patient.cookie);
    expect(again.statusCode).toBe(409);
  });

  it("lets the app's own pages post the form to Redsys: its origin is a form target of their security policy", async () => {
    // The browser posts the payment form from «Mis facturas» or the link's page: with only «form-action 'self'» it
    // refused to leave for the bank (found by the browser suite's Bizum walk, e2e/economics.spec.ts).
    const form = await startFromArea(await newInvoice(), 'bizum');
    const page = await call('GET', '/pacientes/facturas');
    const policy = String(page.headers['content-security-policy']);
    const formAction = /(?:^|;)\s*form-action ([^;]+)/.exec(policy)?.[1]?.split(/\s+/) ?? [];
    expect(formAction).toContain(new URL(form.action).origin);
    expect(formAction).toContain("'self'");
  });

  it('records nothing for a refusal (Ds_Response 0190) and the return page says so', async () => {
    const id = await newInvoice();
    redsys.script({ response: '0190' });
    const back = await redsys.pay((await startFromArea(id, 'bizum')).fields, 'refuse');
    expect(await resultOf(attemptOf(back!))).toBe('rechazado');
    expect(await paymentsOf(id)).toHaveLength(0);
    expect(redsys.sent.at(-1)).toMatchObject({ response: '0190', status: 200 });
  });

  it('records duplicate notifications once', async () => {
    const id = await newInvoice();
    redsys.script({ copies: 3 });
    await redsys.pay((await startFromArea(id)).fields);
    expect(redsys.sent.slice(-3).map((sent) => JSON.parse(sent.body).outcome)).toEqual([
      'pagado',
      'duplicado',
      'duplicado',
    ]);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('records two copies arriving at once once (the database decides)', async () => {
    const id = await newInvoice();
    const form = await startFromArea(id);
    const order = JSON.parse(Buffer.from(form.fields.Ds_MerchantParameters, 'base64').toString()).DS_MERCHANT_ORDER;
    const encoded = Buffer.from(
      JSON.stringify({
        Ds_Order: order,
        Ds_Amount: '5000',
        Ds_MerchantCode: MERCHANT,
        Ds_Response: '0000',
        Ds_AuthorisationCode: '777777',
        Ds_TransactionType: '0',
      }),
    ).toString('base64');
    const body = new URLSearchParams({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: encoded,
      Ds_Signature: signUrlSafe(SECRET, order, encoded),
    }).toString();
    // No Origin header, no cookie: as Redsys's servers post it.
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/redsys/notification',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const replies = await Promise.all([send(), send()]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(replies.map((reply) => reply.json().outcome).sort()).toEqual(['duplicado', 'pagado']);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('refuses a notification with a bad signature clearly, and records nothing', async () => {
    const id = await newInvoice();
    redsys.script({ badSignature: true });
    const back = await redsys.pay((await startFromArea(id)).fields);
    const sent = redsys.sent.at(-1)!;
    expect(sent.status).toBe(403);
    expect(JSON.parse(sent.body).error.message).toBe('Firma no válida.');
    expect(await paymentsOf(id)).toHaveLength(0);
    expect(await resultOf(attemptOf(back!))).toBe('pendiente');
    const rows = await t.database.db.select().from(onlinePaymentOutcomes);
    expect(rows.every((row) => row.authorised || row.response === '0190')).toBe(true);
    // Nor garbage: a clear refusal, never a 500.
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/public/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=%%%&Ds_Signature=x',
    });
    expect(garbage.statusCode).toBe(403);
    const empty = await t.app.inject({ method: 'POST', url: '/api/public/redsys/notification' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toEqual(expect.any(String));
  });

  it('says «pendiente» while the notification is late, «recibido» once it comes', async () => {
    const id = await newInvoice();
    redsys.script({ late: true });
    const back = await redsys.pay((await startFromArea(id)).fields);
    expect(await resultOf(attemptOf(back!))).toBe('pendiente');
    await redsys.releaseLate();
    expect(await resultOf(attemptOf(back!))).toBe('recibido');
  });

  it('records a late notification after a desk payment and the invoice reads «a devolver»', async () => {
    const id = await newInvoice();
    redsys.script({ late: true });
    await redsys.pay((await startFromArea(id)).fields);
    const desk = await call(
      'POST',
      `/api/invoices/${id}/payments`,
      { method: 'efectivo', amountCents: 5000, note: '' },
      admin.cookie,
    );
    expect(desk.statusCode, desk.body).toBe(201);
    await redsys.releaseLate();
    expect(await paymentsOf(id)).toHaveLength(2);
    expect(await invoice(id)).toMatchObject({ outstandingCents: -5000, collection: 'a_devolver' });
  });

  it('lets the desk give back what a late notification overpaid, though no rectifying invoice exists', async () => {
    const id = await newInvoice();
    redsys.script({ late: true });
    await redsys.pay((await startFromArea(id)).fields);
    const url = `/api/invoices/${id}/payments`;
    await call('POST', url, { method: 'efectivo', amountCents: 5000, note: '' }, admin.cookie);
    await redsys.releaseLate();
    const cash = async () => (await call('GET', '/api/billing/cash?day=2026-03-03', undefined, admin.cookie)).json();
    const before = await cash();
    // Back only by a way the money came in, and no more than the excess.
    const tooMuch = await call('POST', url, { method: 'efectivo', amountCents: 5001, note: '' }, admin.cookie);
    expect(tooMuch.json().error.fields.amountCents).toBe('El importe supera lo que hay que devolver (50,00\u00a0€)');
    const byBizum = await call('POST', url, { method: 'bizum', amountCents: 5000, note: '' }, admin.cookie);
    expect(byBizum.statusCode).toBe(400);
    const refund = await call(
      'POST',
      url,
      { method: 'efectivo', amountCents: 5000, note: 'Pagó dos veces' },
      admin.cookie,
    );
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ paidCents: 5000, outstandingCents: 0 });
    // A negative payment against the original itself: append-only, the other two untouched.
    expect((await paymentsOf(id)).map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([-5000, 5000, 5000]);
    expect(await invoice(id)).toMatchObject({ outstandingCents: 0, collection: 'pagada' });
    const again = await call('POST', url, { method: 'tarjeta', amountCents: 1, note: '' }, admin.cookie);
    expect(again.json().error.fields.amountCents).toBe('Esta factura ya está pagada');
    // The day's cash: the cash given back leaves the drawer, the card stays, and the doctor's share follows.
    const after = await cash();
    expect(after.expected).toEqual({ ...before.expected, efectivo: before.expected.efectivo - 5000 });
    expect(after.totalCents).toBe(before.totalCents - 5000);
    expect(after.open.totalCents).toBe(before.open.totalCents - 5000);
    expect(after.byDoctor).toEqual([
      expect.objectContaining({ doctorId: doctor.id, amountCents: before.byDoctor[0].amountCents - 5000 }),
    ]);
  });

  it('lets a paciente pay only her own invoices', async () => {
    const id = await newInvoice();
    const started = await call('POST', `/api/invoices/${id}/online-payment`, { method: 'tarjeta' }, other.cookie);
    expect(started.statusCode).toBe(404);
    const desk = await call('POST', `/api/invoices/${id}/online-payment`, { method: 'tarjeta' }, admin.cookie);
    expect(desk.statusCode).toBe(403);
  });
});

describe('the payment link the desk sends', () => {
  it('e-mails a link whose page shows the concept and what is pending, and pays by Bizum without signing in', async () => {
    const id = await newInvoice();
    const sent = await call('POST', `/api/invoices/${id}/payment-link`, { channel: 'email' }, admin.cookie);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ sentTo: 'paga@online.test', expiresAt: '2026-03-17T17:30:00.000Z' });
    await t.deliverMail();
    const token = await linkToken(id);
    const view = await call('GET', `/api/public/payment-links/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      concept: expect.stringContaining('Consulta online'),
      pendingCents: 5000,
      available: true,
    });
    const started = await call('POST', `/api/public/payment-links/${token}/online-payment`, { method: 'bizum' });
    expect(started.statusCode, started.body).toBe(200);
    expect(
      JSON.parse(Buffer.from(started.json().fields.Ds_MerchantParameters, 'base64').toString()).DS_MERCHANT_PAYMETHODS,
    ).toBe('z');
    await redsys.pay(started.json().fields);
    expect(await paymentsOf(id)).toMatchObject([{ method: 'bizum', amountCents: 5000 }]);
    expect((await call('GET', `/api/public/payment-links/${token}`)).json().pendingCents).toBe(0);
  });

  it('sends it by SMS; an unknown or expired link is refused', async () => {
    const id = await newInvoice();
    const sent = await call('POST', `/api/invoices/${id}/payment-link`, { channel: 'sms' }, admin.cookie);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().sentTo).toBe('+34600111222');
    expect((await call('GET', '/api/public/payment-links/nada')).statusCode).toBe(404);
    const mailed = await call('POST', `/api/invoices/${id}/payment-link`, { channel: 'email' }, admin.cookie);
    expect(mailed.statusCode).toBe(201);
    await t.deliverMail();
    const token = await linkToken(id);
    clock.freeze('2026-03-17T18:31:00+01:00');
    try {
      const expired = await call('GET', `/api/public/payment-links/${token}`);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toMatch(/caducado/);
    } finally {
      clock.freeze('2026-03-03T18:30:00+01:00');
    }
  });
});
