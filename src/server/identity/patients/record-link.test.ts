import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, nextWeekday, validPatient } from '../../test/fixtures';
import { createAccountWithProfile } from '../auth/accounts';

let t: TestApp;
let admin: { id: string; cookie: string };
let doctor: { id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  doctor = await createDoctor(t, admin.cookie);
});
afterAll(() => t.close());
afterEach(() => clock.freeze(null));

let documentSeq = 0;
/** A record made by the desk (phone booking), with clinical data an impostor must never see. */
async function deskRecord(email: string, firstName = 'Elena') {
  const documentNumber = `${String(10000000 + ++documentSeq * 7919).slice(0, 8)}`;
  const letter = 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(documentNumber) % 23];
  const response = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: admin.cookie,
    payload: validPatient({
      firstName,
      lastName: 'Robles Sanz',
      email,
      documentNumber: `${documentNumber}${letter}`,
      allergies: 'Látex',
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; documentNumber: string };
}

async function signUp(email: string, displayName = 'Elena Robles') {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: TEST_PASSWORD, displayName },
  });
  expect(response.statusCode, response.body).toBe(201);
  return sessionCookieOf(response);
}

/** The token of the last «Confirma tu correo» e-mail sent to `email` (after the outbox delivers it). */
async function lastLinkTo(email: string): Promise<string> {
  await t.deliverMail();
  const mail = [...t.mailer.sent]
    .reverse()
    .find((message) => message.to === email && message.subject === 'Confirma tu correo para ver tu ficha');
  if (!mail) throw new Error(`no confirmation e-mail to ${email}`);
  const link = /https?:\/\/\S+\/auth\/confirmar-correo\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!link) throw new Error('no link in the e-mail');
  expect(mail.html).toContain(link[0]);
  return decodeURIComponent(link[1]!);
}

/** Opens the link in a browser signed in with `cookie` (or in none). */
const confirm = (token: string, cookie?: string) =>
  t.request({ method: 'POST', url: '/api/auth/email-confirmation', payload: { token }, cookie });
const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });
const recordsWith = async (email: string) =>
  (await t.request({ method: 'GET', url: `/api/patients?q=${encodeURIComponent(email)}`, cookie: admin.cookie })).json()
    .total as number;

describe('a record reaches an account only after its e-mail is proved', () => {
  it('refuses the takeover: an impostor who registers with a patient’s e-mail sees nothing of the record', async () => {
    const email = 'elena.robles@prueba.test';
    const record = await deskRecord(email);
    const appointment = await insertAppointment(t, {
      patientId: record.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 10 * 86_400_000),
    });
    const impostor = await signUp(email);

    const mine = await get('/api/me/patient', impostor);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error.message).toBe(
      'Hemos encontrado una ficha con tu correo. Para verla, confirma tu correo con el enlace que te hemos enviado.',
    );
    expect(mine.body).not.toContain(record.documentNumber);
    expect(mine.body).not.toContain('Látex');
    expect((await get('/api/me/record-link', impostor)).json()).toMatchObject({ status: 'pending', email });

    const list = await get('/api/me/appointments', impostor);
    expect(list.statusCode).toBe(409);
    expect(list.body).not.toContain(appointment.id);
    expect((await get('/api/dashboard/patient', impostor)).statusCode).toBe(409);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${appointment.id}/cancel`,
      cookie: impostor,
      payload: { reason: '' },
    });
    expect(cancel.statusCode).toBe(404);
    const detail = await get(`/api/appointments/${appointment.id}`, admin.cookie);
    expect(detail.json().status).toBe('confirmada');

    // Booking while unproved neither makes a second record nor uses the existing one.
    const booking = await t.request({
      method: 'POST',
      url: '/api/me/appointments',
      cookie: impostor,
      payload: { doctorId: doctor.id, startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(), reason: '' },
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().error.code).toBe('RECORD_NOT_CONFIRMED');
    expect(await recordsWith(email)).toBe(1);
    expect((await get(`/api/patients/${record.id}`, admin.cookie)).json().hasAccount).toBe(false);
  });

  it('the link confirms only where the asking account is signed in: the record’s owner clicking an impostor’s e-mail hands nothing over', async () => {
    const email = 'ines.duran@prueba.test';
    const record = await deskRecord(email, 'Inés');
    const impostor = await signUp(email, 'Cuenta Ajena');
    const token = await lastLinkTo(email);
    // The e-mail says plainly which account would receive the record, and where to open it.
    const mail = [...t.mailer.sent].reverse().find((message) => message.to === email)!;
    expect(mail.text).toContain('la cuenta «Cuenta Ajena» con este correo');
    expect(mail.text).toContain('abre este enlace en el navegador donde has iniciado sesión con ella');

    // The owner opens it where nobody is signed in, or signed in to her own other account: nothing happens.
    const anonymous = await confirm(token);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toMatch(
      /^Para confirmar tu correo, inicia sesión en este navegador con la cuenta que pidió el enlace/,
    );
    const other = await t.createUser({ email: 'ines.otra@prueba.test' });
    const wrong = await confirm(token, other.cookie);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe(
      'Este enlace es de otra cuenta. Cierra la sesión, entra con la cuenta que pidió el enlace y vuelve a abrirlo.',
    );
    expect((await get(`/api/patients/${record.id}`, admin.cookie)).json().hasAccount).toBe(false);
    expect((await get('/api/me/patient', impostor)).statusCode).toBe(409);
    // Those refusals spent nothing: opened where the asking account is signed in (who has both its password
    // and this mailbox), the link works.
    expect((await confirm(token, impostor)).json()).toEqual({ linked: true });
  });

  it('links the record once the holder opens the e-mailed link: data and appointments appear, one record in the end', async () => {
    const email = 'tomas.vidal@prueba.test';
    const record = await deskRecord(email, 'Tomás');
    const appointment = await insertAppointment(t, {
      patientId: record.id,
      doctorId: doctor.id,
      startsAt: new Date(Date.now() + 12 * 86_400_000),
    });
    const cookie = await signUp(email, 'Tomás Robles');
    const token = await lastLinkTo(email);

    const confirmed = await confirm(token, cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ linked: true });
    const mine = await get('/api/me/patient', cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: record.id, allergies: 'Látex', hasAccount: true });
    expect((await get('/api/me/record-link', cookie)).json()).toMatchObject({ status: 'linked' });
    const list = (await get('/api/me/appointments', cookie)).json();
    expect(list.upcoming.map((item: { id: string }) => item.id)).toEqual([appointment.id]);
    // A patient may cancel without a reason.
    const cancel = await t.request({
      method: 'POST',
      url: `/api/me/appointments/${appointment.id}/cancel`,
      cookie,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelada', cancelReason: null });
    expect(await recordsWith(email)).toBe(1);

    // Single use.
    const again = await confirm(token, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      'El enlace para confirmar tu correo no es válido o ha caducado. Entra en tu área y pide uno nuevo.',
    );
  });

  it('the link expires after 24 hours; «Reenviar enlace» sends a new one, at most one a minute', async () => {
    clock.freeze('2026-03-02T09:00:00+01:00');
    const email = 'pilar.sanz@prueba.test';
    const record = await deskRecord(email, 'Pilar');
    const cookie = await signUp(email, 'Pilar Robles');
    const expired = await lastLinkTo(email);
    const resend = () => t.request({ method: 'POST', url: '/api/me/record-link/resend', cookie });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toBe('Te acabamos de enviar un enlace. Espera un minuto antes de pedir otro.');
    expect(tooSoon.headers['retry-after']).toBe('60');

    clock.advance(24 * 3_600_000 + 60_000);
    expect((await confirm(expired, cookie)).statusCode).toBe(400);
    // The next visit finds no valid link and e-mails a new one by itself.
    expect((await get('/api/me/patient', cookie)).statusCode).toBe(409);
    const renewed = await lastLinkTo(email);
    expect(renewed).not.toBe(expired);

    clock.advance(61_000);
    const sent = await resend();
    expect(sent.statusCode).toBe(202);
    const fresh = await lastLinkTo(email);
    expect(fresh).not.toBe(renewed);
    expect((await confirm(fresh, cookie)).json()).toEqual({ linked: true });
    expect((await get('/api/me/patient', cookie)).json().id).toBe(record.id);
    const linkedResend = await resend();
    expect(linkedResend.statusCode).toBe(409);
  });

  it('a record the desk makes later is linked only to an account whose e-mail is proved', async () => {
    // Accounts that have never needed a record yet (made without signing in).
    const make = (email: string) =>
      createAccountWithProfile(t.database.db, t.deps.repos.auth, {
        email,
        password: TEST_PASSWORD,
        displayName: 'Luis Gil',
        role: 'paciente',
      });
    const { account: unproved } = await make('luis.gil@prueba.test');
    const { account: proved } = await make('luisa.gil@prueba.test');
    await t.write((tx) => t.deps.repos.recordLinks.setEmailVerified(proved.id, new Date(), tx));

    const first = await deskRecord('luis.gil@prueba.test', 'Luis');
    expect((await get(`/api/patients/${first.id}`, admin.cookie)).json().hasAccount).toBe(false);
    const cookie = await t.signIn('luis.gil@prueba.test');
    expect((await get('/api/me/patient', cookie)).statusCode).toBe(409);

    const second = await deskRecord('luisa.gil@prueba.test', 'Luisa');
    expect((await get(`/api/patients/${second.id}`, admin.cookie)).json().hasAccount).toBe(true);
    void unproved;
  });

  it('staff link a record to an account by e-mail and unlink it; the account then needs the proof again', async () => {
    const email = 'marcos.paz@prueba.test';
    const record = await deskRecord(email, 'Marcos');
    const cookie = await signUp(email, 'Marcos Paz');
    const link = (payload: Record<string, string>, as = admin.cookie) =>
      t.request({ method: 'PUT', url: `/api/patients/${record.id}/account`, cookie: as, payload });

    expect((await link({ email }, cookie)).statusCode).toBe(403);
    const unknown = await link({ email: 'nadie@prueba.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.fields.email).toBe('No hay ninguna cuenta con ese correo');
    const doctorAccount = await link({ email: doctor.email });
    expect(doctorAccount.statusCode).toBe(409);
    expect(doctorAccount.json().error.message).toBe('Esa cuenta no es de un paciente.');

    const linked = await link({ email: email.toUpperCase() });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().hasAccount).toBe(true);
    expect((await get(`/api/patients/${record.id}/account`, admin.cookie)).json().account).toMatchObject({
      email,
      emailVerified: false,
    });
    expect((await get('/api/me/patient', cookie)).json().id).toBe(record.id);
    expect((await link({ email })).statusCode).toBe(409);

    const unlinked = await t.request({
      method: 'DELETE',
      url: `/api/patients/${record.id}/account`,
      cookie: admin.cookie,
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().hasAccount).toBe(false);
    expect((await get(`/api/patients/${record.id}/account`, admin.cookie)).json().account).toBeNull();
    expect((await get('/api/me/patient', cookie)).statusCode).toBe(409);
    expect(await recordsWith(email)).toBe(1);
    const audit = await t.deps.repos.audit.listForPatient(record.id);
    expect(audit.filter((entry) => entry.action === 'update').map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by: 'staff' }),
        expect.objectContaining({ unlinkedAccount: expect.any(String) }),
      ]),
    );
  });

  it('an account with no record of the clinic gets one of its own at once, and only one', async () => {
    const cookie = await signUp('nueva.persona@prueba.test', 'Nueva Persona');
    await t.deliverMail();
    expect(t.mailer.sent.some((mail) => mail.to === 'nueva.persona@prueba.test')).toBe(false);
    const mine = await get('/api/me/patient', cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ firstName: 'Nueva', lastName: 'Persona', hasAccount: true });
    await get('/api/me/appointments', cookie);
    expect(await recordsWith('nueva.persona@prueba.test')).toBe(1);
  });
  it('a visitor booking with the e-mail and name of a record an unproved account made for itself does not land on it', async () => {
    const email = 'suplantada@prueba.test';
    const cookie = await signUp(email, 'Clara Suplantada');
    const impostorRecord = (await get('/api/me/patient', cookie)).json();
    const day = nextWeekday(6);
    const slots = (
      await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctor.id}&from=${day}&to=${day}` })
    ).json().doctors[0].slots;
    const booked = await t.request({
      method: 'POST',
      url: '/api/public/bookings',
      payload: {
        doctorId: doctor.id,
        startsAt: slots[0].startsAt,
        firstName: 'Clara',
        lastName: 'Suplantada',
        email,
        phone: '+34 600 000 111',
        reason: '',
        acceptPrivacy: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await get('/api/me/appointments', cookie)).json().upcoming).toEqual([]);
    const detail = await get(`/api/appointments/${booked.json().appointment.id}`, admin.cookie);
    expect(detail.json().patientId).not.toBe(impostorRecord.id);
  });
});
