import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { mailOutbox } from '../../platform/db/schema';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';

/** «Nuevo inicio de sesión» (issue 21, item 3): an e-mail for a sign-in from a device the account had not used. */
const START = '2026-03-02T09:05:00+01:00';
const CHROME_131 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_132 = CHROME_131.replace('Chrome/131', 'Chrome/132');
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  clock.freeze(START);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

const signIn = async (email: string, userAgent: string, remoteAddress: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
};
const mailTo = async (email: string) => {
  await t.deliverMail();
  return t.mailer.sent.filter((message) => message.to === email);
};

describe('the new-device e-mail', () => {
  it('is not sent for the first sign-in, nor again from the same browser and network (an updated browser included)', async () => {
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'nueva@prueba.test', password: TEST_PASSWORD, displayName: 'Nueva Paciente' },
      headers: { 'user-agent': CHROME_131 },
      remoteAddress: '203.0.113.45',
    });
    expect(signUp.statusCode).toBe(201);
    await signIn('nueva@prueba.test', CHROME_131, '203.0.113.45');
    // Another address of the same network, and the browser updated itself: the same device.
    await signIn('nueva@prueba.test', CHROME_132, '203.0.113.99');
    expect((await mailTo('nueva@prueba.test')).map((mail) => mail.subject)).toEqual([]);
  });

  it('is sent, in Spanish and once, for another browser: device, browser, place, the clinic’s time and what to do', async () => {
    const doctor = await t.createUser({ role: 'doctor', displayName: 'Dra. Ana Ruiz', email: 'ana.ruiz@prueba.test' });
    await signIn(doctor.email, CHROME_131, '203.0.113.45');
    await t.deliverMail();
    t.mailer.sent.length = 0;

    clock.advance(60_000);
    await signIn(doctor.email, FIREFOX, '203.0.113.45');
    const [mail, ...more] = await mailTo(doctor.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Nuevo inicio de sesión en tu cuenta de Clínica');
    expect(mail!.text).toContain('Hola, Dra. Ana Ruiz:');
    expect(mail!.text).toContain('- Dispositivo: Ordenador con Windows');
    expect(mail!.text).toContain('- Navegador: Firefox 133');
    expect(mail!.text).toContain('- Lugar aproximado: Red 203.0.113.x');
    expect(mail!.text).toContain('- Fecha y hora: lunes, 2 de marzo de 2026, 09:06 (hora de Europe/Madrid)');
    expect(mail!.text).toContain('Cámbiala cuanto antes en «Mi perfil» (http://localhost:3000/doctor/perfil)');
    expect(mail!.text).toContain('pulsa «Cerrar las demás»');
    expect(mail!.html).toContain('<strong>Firefox 133</strong>');

    // Firefox there is known now.
    t.mailer.sent.length = 0;
    await signIn(doctor.email, FIREFOX, '203.0.113.45');
    expect(await mailTo(doctor.email)).toEqual([]);
  });

  it('is sent for the same browser from another network, and for another kind of device; an admin’s names her profile', async () => {
    const admin = await t.createUser({ role: 'admin', email: 'admin.red@prueba.test' });
    await signIn(admin.email, CHROME_131, '203.0.113.45');
    await t.deliverMail();
    t.mailer.sent.length = 0;

    await signIn(admin.email, CHROME_131, '198.51.100.7');
    const [elsewhere] = await mailTo(admin.email);
    expect(elsewhere!.text).toContain('- Lugar aproximado: Red 198.51.100.x');
    expect(elsewhere!.text).toContain('http://localhost:3000/admin/perfil');
    t.mailer.sent.length = 0;

    await signIn(admin.email, ANDROID, '198.51.100.7');
    const [phone] = await mailTo(admin.email);
    expect(phone!.text).toContain('- Dispositivo: Móvil con Android 14');
  });

  it('is written to the outbox with the sign-in (kind new-sign-in), so it leaves even if SMTP is down now', async () => {
    const paciente = await t.createUser({ role: 'paciente', email: 'outbox@prueba.test' });
    await signIn(paciente.email, FIREFOX, '192.168.1.20');
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.toAddress === paciente.email).map((row) => row.kind)).toEqual(['new-sign-in']);
  });

  it('a device not seen for 180 days is new again', async () => {
    const paciente = await t.createUser({ role: 'paciente', email: 'vuelve@prueba.test' });
    await signIn(paciente.email, FIREFOX, '203.0.113.45');
    await t.deliverMail();
    t.mailer.sent.length = 0;
    clock.advance(179 * 86_400_000);
    await signIn(paciente.email, FIREFOX, '203.0.113.45');
    expect(await mailTo(paciente.email)).toEqual([]);
    clock.advance(180 * 86_400_000 + 1000);
    await signIn(paciente.email, FIREFOX, '203.0.113.45');
    expect(await mailTo(paciente.email)).toHaveLength(1);
    clock.freeze(START);
  });
});
