import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { mailOutbox, sessions } from '../../platform/db/schema';
import { transact } from '../../platform/db/transaction';
import { buildTestApp, sessionCookieOf, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/app';
import { softAuthenticator } from '../../test/soft-authenticator';
import { enrolTotp, pendingCookieOf, sendTotp } from '../../test/second-factor';
import { totpCode, TOTP_PERIOD_SECONDS } from '../second-factor/totp';
import { hashToken, newSecretToken } from './tokens';

const MONDAY = '2030-01-07T09:00:10.000Z';
const NEW_PASSWORD = 'otra-clave-nueva-2030';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let t: TestApp;
const attacker = softAuthenticator({ origin: TEST_ORIGIN });

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(MONDAY));

/** A reset link for the account, as the e-mail would carry it. */
async function resetLinkToken(accountId: string): Promise<string> {
  const { token, id } = newSecretToken();
  const expiresAt = new Date(clock.nowMs() + 60 * 60_000);
  await transact(t.database.db, (tx) =>
    t.deps.repos.auth.createPasswordToken({ id, accountId, purpose: 'reset', expiresAt }, tx),
  );
  expect(hashToken(token)).toBe(id);
  return token;
}

const mailsTo = (address: string) =>
  t.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, 'second-factor')));

/** docb with her app; an attacker with her cookie (in the first minutes of the session) planted a passkey. */
async function docbWithPlantedPasskey() {
  const docb = await t.createUser({ role: 'doctor' });
  const { secret } = await enrolTotp(t, docb.cookie);
  const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: docb.cookie });
  const key = attacker.register(options.json());
  const planted = await t.request({
    method: 'POST',
    url: secondFactorApi.myPasskeys,
    cookie: docb.cookie,
    headers: { 'user-agent': CHROME_ON_WINDOWS },
    payload: { name: 'Portátil', response: key },
  });
  expect(planted.statusCode).toBe(201);
  return { ...docb, secret, credentialId: key.id, passkeyId: planted.json().passkey.id as string };
}

async function passkeySignIn(credentialId: string) {
  const options = await t.request({ method: 'POST', url: secondFactorApi.passkeySignInOptions });
  const cookie = options.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return t.request({
    method: 'POST',
    url: secondFactorApi.passkeySignIn,
    cookie,
    payload: { response: attacker.assert(options.json(), credentialId) },
  });
}

describe('a change of factors', () => {
  it('e-mails what changed, from which device and when, with a link to review the factors', async () => {
    const docb = await docbWithPlantedPasskey();
    const mails = await mailsTo(docb.email);
    const added = mails.find((mail) => mail.subject === 'Se ha añadido la llave de acceso «Portátil»');
    expect(added?.text).toContain('Desde: Ordenador con Windows · Chrome 131');
    expect(added?.text).toContain('lunes, 7 de enero de 2030, 10:00 (hora de Europe/Madrid)');
    expect(added?.text).toContain('/doctor/perfil#segundo-factor');
    expect(added?.text).not.toContain('cambia tu contraseña');
  });
});

describe('a reset by e-mail link', () => {
  it('lists the passkeys and the app with their dates, and refuses a link that is not good', async () => {
    const docb = await docbWithPlantedPasskey();
    const token = await resetLinkToken(docb.id);
    const listed = await t.request({ method: 'POST', url: api.auth.resetPasswordFactors, payload: { token } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      totp: { confirmedAt: MONDAY },
      passkeys: [expect.objectContaining({ id: docb.passkeyId, name: 'Portátil', createdAt: expect.any(String) })],
    });
    const unknown = await t.request({
      method: 'POST',
      url: api.auth.resetPasswordFactors,
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('ends every session, passkey-made ones too, and the planted passkey removed there signs in no more', async () => {
    const docb = await docbWithPlantedPasskey();
    const intruder = await passkeySignIn(docb.credentialId);
    expect(intruder.statusCode).toBe(200);
    const intruderCookie = sessionCookieOf(intruder);

    const token = await resetLinkToken(docb.id);
    const confirmed = await t.request({
      method: 'POST',
      url: api.auth.confirmResetPassword,
      payload: { token, password: NEW_PASSWORD, remove: { passkeyIds: [docb.passkeyId] } },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().secondFactor.mode).toBe('verify');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.accountId, docb.id))).toEqual([]);
    const gone = await t.request({ method: 'GET', url: '/api/auth/session', cookie: intruderCookie });
    expect(gone.json().user).toBeNull();

    // The link alone removes nothing: the passkey goes once her own app's code proves the second step.
    const keys = await t.deps.repos.secondFactor.listPasskeys(docb.id);
    expect(keys.map((key) => key.id)).toEqual([docb.passkeyId]);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const done = await sendTotp(t, pendingCookieOf(confirmed), totpCode(docb.secret, clock.nowMs()));
    expect(done.statusCode).toBe(200);
    expect(await t.deps.repos.secondFactor.listPasskeys(docb.id)).toEqual([]);

    const again = await passkeySignIn(docb.credentialId);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('PASSKEY_FAILED');
    const subjects = (await mailsTo(docb.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Se ha quitado la llave de acceso «Portátil»');
    expect(subjects).toContain('Se ha restablecido la contraseña de tu cuenta con un enlace enviado a tu correo');
  });

  it('keeps the factors when the second step is never proved', async () => {
    const docb = await docbWithPlantedPasskey();
    const token = await resetLinkToken(docb.id);
    const confirmed = await t.request({
      method: 'POST',
      url: api.auth.confirmResetPassword,
      payload: { token, password: NEW_PASSWORD, remove: { totp: true, passkeyIds: [docb.passkeyId] } },
    });
    expect(confirmed.statusCode).toBe(200);
    const wrong = await sendTotp(t, pendingCookieOf(confirmed), '000000');
    expect(wrong.statusCode).toBe(400);
    const status = await t.deps.repos.secondFactor.summary(docb.id);
    expect(status).toMatchObject({ totp: true, passkeys: 1 });
  });
});

describe('a password change from the profile', () => {
  it('e-mails the change', async () => {
    const user = await t.createUser({ role: 'paciente' });
    const changed = await t.request({
      method: 'POST',
      url: api.profilePassword,
      cookie: user.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const subjects = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(['Se ha cambiado la contraseña de tu cuenta']);
  });
});
