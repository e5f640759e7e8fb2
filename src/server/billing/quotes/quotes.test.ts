import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { appointments, auditLog, patients, quotes } from '../../platform/db/schema';
import { hashPassword } from '../../identity/auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, createPatientRecord, createService, insertAppointment } from '../../test/fixtures';
import { readPdf } from '../../test/pdf-text';

/**
 * Presupuestos (issue 36, item 2): numbering per year, figures equal to the invoice's to the cent, acceptance by her
 * signature through the link and by paper at the desk, expiry at the end of the last valid day in the clinic's zone,
 * invoicing up front or session by session, and a paciente who sees only her own.
 */
let t: TestApp;
let admin: { cookie: string; email: string };
let doctor: { id: string; cookie: string; email: string };
let lucia: { id: string; cookie: string; email: string };

/** Moves the clock to `instant` and signs everyone in again (a week later their sessions have ended). */
async function at(instant: string) {
  clock.freeze(instant);
  for (const user of [admin, doctor, lucia]) user.cookie = await t.signIn(user.email);
}
let otherId: string;
let empaste: string;
let blanqueo: string;
let fisio: string;

const ISSUER = {
  legalName: 'Clínica Presupuesto, S.L.',
  taxId: 'B12345674',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry: '',
  operationDescription: '',
  withholdingRate: 0,
};

const post = (url: string, payload?: object, cookie = admin.cookie) =>
  t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) });
const get = (url: string, cookie = admin.cookie) => t.request({ method: 'GET', url, cookie });

/** A quote of Lucía's: two fillings (16 and 17) at 10 % off, a whitening at 21 % less 5 €, and 7 % off the whole. */
const luciaQuote = (extra: Record<string, unknown> = {}) => ({
  patientId: lucia.id,
  lines: [
    { serviceId: empaste, quantity: 2, detail: '16, 17', discount: { kind: 'porcentaje', percent: 10 } },
    { serviceId: blanqueo, quantity: 1, discount: { kind: 'importe', cents: 500 } },
  ],
  discount: { kind: 'porcentaje', percent: 7 },
  ...extra,
});

async function created(payload: object, cookie = admin.cookie) {
  const response = await post('/api/quotes', payload, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Sends the quote and answers the token of the link its e-mail carries. */
async function sentToken(id: string) {
  t.mailer.sent.length = 0;
  const response = await post(`/api/quotes/${id}/send`);
  expect(response.statusCode, response.body).toBe(200);
  await t.deliverMail();
  const mail = t.mailer.sent.find((message) => message.subject.startsWith('Presupuesto'))!;
  return /\/presupuesto\/([\w.-]+)/.exec(mail.text)![1]!;
}

const signature = {
  signerName: 'Lucía Presupuesto Pérez',
  signerDocument: '12345678Z',
  signature: { method: 'nombre', typedName: 'Lucía Presupuesto' },
};

beforeAll(async () => {
  clock.freeze('2026-03-02T10:00:00+01:00'); // a Monday morning in Madrid
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  const made = await createDoctor(t, admin.cookie, { displayName: 'Dra. Carmen Dientes' });
  await t.write(async (tx) =>
    t.deps.repos.auth.updateAccount(made.id, { passwordHash: await hashPassword(TEST_PASSWORD) }, tx),
  );
  doctor = { id: made.id, email: made.email, cookie: await t.signIn(made.email) };
  const account = await t.createUser({ role: 'paciente', email: 'lucia@presupuesto.test' });
  const [record] = await t.database.db
    .update(patients)
    .set({
      firstName: 'Lucía',
      lastName: 'Presupuesto Pérez',
      documentType: 'dni',
      documentNumber: '12345678Z',
      address: 'Calle del Pez 3, 28004 Madrid',
      phone: '600111222',
    })
    .where(eq(patients.accountId, account.id))
    .returning();
  lucia = { id: record!.id, email: account.email, cookie: account.cookie };
  otherId = (await createPatientRecord(t, { firstName: 'Otra', lastName: 'Paciente', email: 'otra@p.test', phone: '' }))
    .id;
  // Doctor Carmen treats Lucía (an appointment), not the other patient.
  await insertAppointment(t, {
    patientId: lucia.id,
    doctorId: doctor.id,
    startsAt: new Date('2026-02-20T10:00:00+01:00'),
  });
  empaste = await createService(t, admin.cookie, { specialtyId: made.specialtyId, name: 'Empaste', priceCents: 4999 });
  blanqueo = await createService(t, admin.cookie, {
    specialtyId: made.specialtyId,
    name: 'Blanqueamiento',
    priceCents: 19999,
    vat: '21',
  });
  fisio = await createService(t, admin.cookie, {
    specialtyId: made.specialtyId,
    name: 'Sesión de fisioterapia',
    priceCents: 10000,
  });
  const issuer = await t.request({ method: 'PUT', url: '/api/billing/issuer', cookie: admin.cookie, payload: ISSUER });
  expect(issuer.statusCode, issuer.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await t?.close();
  clock.freeze(null);
});

describe('presupuestos', () => {
  it('numbers each year from 1 without gaps, the year of the clinic’s zone, and a refused quote takes no number', async () => {
    clock.freeze('2026-03-02T10:00:00+01:00');
    const first = await created(luciaQuote());
    expect(first.number).toMatch(/^P-2026-\d{4}$/);
    const refused = await post('/api/quotes', {
      ...luciaQuote(),
      lines: [{ serviceId: empaste, quantity: 1, discount: { kind: 'importe', cents: 999_999 } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['lines.0.discount']).toBe(
      'El descuento no puede superar el importe al que se aplica',
    );
    const second = await created(luciaQuote());
    expect(Number(second.number.slice(7))).toBe(Number(first.number.slice(7)) + 1);
  });

  it('computes its figures as the invoice will, and invoiced up front the invoice comes to its cents', async () => {
    const quote = await created(luciaQuote());
    // 2 × 49,99 = 99,98 − 10 % (10,00) = 89,98 exempt; 199,99 − 5,00 = 194,99 at 21 %; 7 % of 284,97 = 19,95 off.
    expect(quote.discountCents).toBe(1995);
    expect(quote.lines.map((line: { baseCents: number }) => line.baseCents)).toEqual([8368, 18134]);
    expect(quote.baseCents).toBe(26502);
    expect(quote.taxCents).toBe(3808); // 21 % of 181,34
    expect(quote.totalCents).toBe(30310);
    expect(quote.validUntil).toBe('2026-04-01'); // 30 days from the 2nd of March
    const paper = await post(`/api/quotes/${quote.id}/paper-acceptance`, {
      signerName: 'Lucía Presupuesto',
      signedOn: '2026-03-02',
    });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.json().acceptance).toEqual({ via: 'papel', signerName: 'Lucía Presupuesto' });
    const invoiced = await post(`/api/quotes/${quote.id}/invoice`, { kind: 'completa' });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const number = invoiced.json().upfrontInvoiceNumber as string;
    const list = (await get(`/api/invoices?patientId=${lucia.id}`)).json().invoices;
    const invoice = (
      await get(`/api/invoices/${list.find((row: { number: string }) => row.number === number).id}`)
    ).json();
    expect([invoice.baseCents, invoice.taxCents, invoice.totalCents]).toEqual([26502, 3808, 30310]);
    expect(invoice.lines.map((line: { baseCents: number }) => line.baseCents)).toEqual([8368, 18134]);
    expect(invoice.lines[0].description).toBe(`Empaste — 16, 17 (presupuesto ${quote.number})`);
    // A second time is refused, and so is a change of the accepted quote in the database itself.
    expect((await post(`/api/quotes/${quote.id}/invoice`, { kind: 'completa' })).json().error.message).toBe(
      `El presupuesto ${quote.number} ya está facturado.`,
    );
    await expect(t.database.db.update(quotes).set({ totalCents: 1 }).where(eq(quotes.id, quote.id))).rejects.toThrow();
    expect((await get(`/api/quotes/${quote.id}`)).json().progress).toMatchObject({
      invoicedCents: 30310,
      paidCents: 0,
      pendingCents: 30310,
    });
  });

  it('is accepted with her signature through the link of its e-mail, once, and the acceptance is audited', async () => {
    const quote = await created(luciaQuote());
    const token = await sentToken(quote.id);
    const view = await t.request({ method: 'GET', url: `/api/presupuestos/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ number: quote.number, state: 'enviado', totalCents: 30310 });
    // Only what the link's page shows (it embeds this answer): no ids — hers, the doctor's, the lines', the sessions'
    // appointments —, no desk's notes, no figures the page does not write.
    expect(Object.keys(view.json()).sort()).toEqual(
      [
        'acceptance',
        'clinicName',
        'doctorName',
        'lines',
        'number',
        'patientName',
        'progress',
        'state',
        'totalCents',
        'upfrontInvoiceNumber',
        'validUntil',
      ].sort(),
    );
    for (const line of view.json().lines as object[]) {
      expect(Object.keys(line).sort()).toEqual(
        ['baseCents', 'description', 'detail', 'done', 'position', 'quantity', 'taxCents'].sort(),
      );
    }
    const accepted = await t.request({
      method: 'POST',
      url: `/api/presupuestos/${token}/aceptacion`,
      payload: signature,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().acceptance).toEqual({ via: 'firma', signerName: signature.signerName });
    const again = await t.request({ method: 'POST', url: `/api/presupuestos/${token}/aceptacion`, payload: signature });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`El presupuesto ${quote.number} ya está aceptado.`);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quote'), eq(auditLog.entityId, quote.id)));
    expect(audit.some((entry) => (entry.details as { accepted?: string } | null)?.accepted === 'firma')).toBe(true);
    const pdf = await t.request({ method: 'GET', url: `/api/presupuestos/${token}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('PRESUPUESTO');
    expect(text).toContain(`Aceptado por ${signature.signerName}`);
    expect(text).not.toContain('FACTURA');
    // A forged link is refused in Spanish.
    const forged = await t.request({ method: 'GET', url: `/api/presupuestos/${quote.id}.${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.message).toBe('Este enlace de presupuesto no es válido.');
  });

  it('can be accepted until the end of its last day in Madrid, not a minute after', async () => {
    clock.freeze('2026-03-02T10:00:00+01:00');
    const lastEvening = await created(luciaQuote({ validUntil: '2026-03-10' }));
    const dayAfter = await created(luciaQuote({ validUntil: '2026-03-10' }));
    const tokens = [await sentToken(lastEvening.id), await sentToken(dayAfter.id)];
    await at('2026-03-10T23:59:00+01:00'); // the last evening: still valid
    const inTime = await t.request({
      method: 'POST',
      url: `/api/presupuestos/${tokens[0]}/aceptacion`,
      payload: signature,
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
    await at('2026-03-10T23:30:00Z'); // 00:30 on the 11th in Madrid, though still the 10th in UTC
    const late = await t.request({
      method: 'POST',
      url: `/api/presupuestos/${tokens[1]}/aceptacion`,
      payload: signature,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      `El presupuesto ${dayAfter.number} caducó el 10/03/2026: no se puede aceptar. Pide a la clínica uno nuevo.`,
    );
    expect((await get(`/api/quotes/${dayAfter.id}`)).json().state).toBe('caducado');
    // The desk may still record the paper she signed on its last day, not one signed after.
    const paperLate = await post(`/api/quotes/${dayAfter.id}/paper-acceptance`, {
      signerName: 'Lucía',
      signedOn: '2026-03-11',
    });
    expect(paperLate.statusCode).toBe(409);
    const paperInTime = await post(`/api/quotes/${dayAfter.id}/paper-acceptance`, {
      signerName: 'Lucía P.',
      signedOn: '2026-03-10',
    });
    expect(paperInTime.statusCode, paperInTime.body).toBe(200);
    await at('2026-03-02T10:00:00+01:00');
  });

  it('invoices each attended session at the quote’s price, its line shared among its sessions to the cent', async () => {
    // 3 sessions of 100,00 € less 15 €: 285,00 → 95,00 each.
    const quote = await created({
      patientId: lucia.id,
      lines: [{ serviceId: fisio, quantity: 3, discount: { kind: 'importe', cents: 1500 } }],
    });
    expect(quote.baseCents).toBe(28500);
    expect(
      (await post(`/api/quotes/${quote.id}/sessions`, { lineId: quote.lines[0].id, appointmentId: quote.id }))
        .statusCode,
    ).toBe(409);
    await post(`/api/quotes/${quote.id}/paper-acceptance`, { signerName: 'Lucía', signedOn: '2026-03-02' });
    const visit = await insertAppointment(t, {
      patientId: lucia.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-02T09:00:00+01:00'),
    });
    await t.database.db.update(appointments).set({ status: 'atendida' }).where(eq(appointments.id, visit.id));
    const linked = await post(`/api/quotes/${quote.id}/sessions`, {
      lineId: quote.lines[0].id,
      appointmentId: visit.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().progress).toMatchObject({ sessionsPlanned: 3, sessionsDone: 1 });
    const invoice = await post('/api/invoices', {
      patientId: lucia.id,
      appointmentIds: [visit.id],
      kind: 'simplificada',
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().lines[0]).toMatchObject({ unitPriceCents: 10000, discountCents: 500, baseCents: 9500 });
    expect(invoice.json().totalCents).toBe(9500);
    // Once a session is invoiced on its own, the whole quote is not invoiced up front.
    const upfront = await post(`/api/quotes/${quote.id}/invoice`, { kind: 'completa' });
    expect(upfront.statusCode).toBe(409);
    expect((await get(`/api/quotes/${quote.id}`)).json().progress).toMatchObject({
      invoicedCents: 9500,
      pendingCents: 28500,
    });
  });

  it('does not invoice again a session of a quote invoiced up front', async () => {
    const quote = await created({ patientId: lucia.id, lines: [{ serviceId: fisio, quantity: 2 }] });
    await post(`/api/quotes/${quote.id}/paper-acceptance`, { signerName: 'Lucía', signedOn: '2026-03-02' });
    expect((await post(`/api/quotes/${quote.id}/invoice`, { kind: 'completa' })).statusCode).toBe(201);
    const visit = await insertAppointment(t, {
      patientId: lucia.id,
      doctorId: doctor.id,
      startsAt: new Date('2026-03-02T09:30:00+01:00'),
    });
    await t.database.db.update(appointments).set({ status: 'atendida' }).where(eq(appointments.id, visit.id));
    expect(
      (await post(`/api/quotes/${quote.id}/sessions`, { lineId: quote.lines[0].id, appointmentId: visit.id }))
        .statusCode,
    ).toBe(200);
    const again = await post('/api/invoices', {
      patientId: lucia.id,
      appointmentIds: [visit.id],
      kind: 'simplificada',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Esta cita es una sesión del presupuesto ${quote.number}, ya facturado por adelantado.`,
    );
  });

  it('lets a paciente read and sign only her own, and a doctor make quotes only for her patients', async () => {
    const hers = await created(luciaQuote(), doctor.cookie);
    expect(hers.doctorName).toBe('Dra. Carmen Dientes');
    const notHers = await post('/api/quotes', { ...luciaQuote(), patientId: otherId }, doctor.cookie);
    expect(notHers.statusCode).toBe(404);
    const others = await created({ patientId: otherId, lines: [{ serviceId: empaste, quantity: 1 }] });
    await post(`/api/quotes/${hers.id}/send`);
    const own = (await get('/api/quotes', lucia.cookie)).json() as { id: string }[];
    expect(own.map((quote) => quote.id)).toContain(hers.id);
    expect(own.map((quote) => quote.id)).not.toContain(others.id);
    expect((await get(`/api/quotes/${others.id}`, lucia.cookie)).statusCode).toBe(404);
    expect((await get(`/api/quotes/${others.id}/pdf`, lucia.cookie)).statusCode).toBe(404);
    expect((await get(`/api/quotes/${others.id}`, doctor.cookie)).statusCode).toBe(404);
    const link = await post(`/api/quotes/${hers.id}/link`, undefined, lucia.cookie);
    expect(link.statusCode, link.body).toBe(200);
    expect((await post(`/api/quotes/${others.id}/link`, undefined, lucia.cookie)).statusCode).toBe(404);
    expect(
      (
        await post(
          `/api/quotes/${hers.id}/paper-acceptance`,
          { signerName: 'Lucía', signedOn: '2026-03-02' },
          doctor.cookie,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('reports the acceptance rate by month and by doctor', async () => {
    const report = (await get('/api/billing/quotes-report?year=2026')).json();
    const march = report.months.find((row: { month: string }) => row.month === '2026-03');
    const counted = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM quotes WHERE sent_at IS NOT NULL`);
    expect(march.offered).toBe(Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n));
    // Sent in March: the one signed through its link, the two of the 10th (one signed, one on paper) and the doctor's.
    expect([march.offered, march.accepted, march.rejected, march.expired]).toEqual([4, 3, 0, 0]);
    expect(march.ratePercent).toBe(75);
    expect(report.doctors.map((row: { doctorName: string }) => row.doctorName)).toContain('Dra. Carmen Dientes');
  });

  it('starts each year at 1 by the clinic’s calendar: New Year’s Eve at 23:30 UTC is already 1 January in Madrid', async () => {
    await at('2026-12-31T22:59:00Z');
    expect((await created(luciaQuote())).number).toMatch(/^P-2026-/);
    await at('2026-12-31T23:30:00Z');
    expect((await created(luciaQuote())).number).toBe('P-2027-0001');
    expect((await created(luciaQuote())).number).toBe('P-2027-0002');
  });
});
