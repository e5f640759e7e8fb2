import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../common/api-paths';
import { ERROR_CODES } from '../../../common/messages';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/app';
import { softAuthenticator } from '../../test/soft-authenticator';
import { enrolTotp, passwordStep, sendTotp } from '../../test/second-factor';
import { TOTP_PERIOD_SECONDS, totpCode } from './totp';

const MONDAY = '2030-01-07T09:00:10.000Z';
let t: TestApp;
const attacker = softAuthenticator({ origin: TEST_ORIGIN });
const device = softAuthenticator({ origin: TEST_ORIGIN });

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(MONDAY));

/** docb: a doctor with an authenticator app; her cookie is then left on a desk PC for a quarter of an hour. */
async function docbWithApp() {
  const user = await t.createUser({ role: 'doctor', email: `docb-${Math.random().toString(36).slice(2)}@prueba.test` });
  const { secret, recoveryCodes } = await enrolTotp(t, user.cookie);
  clock.advance(15 * 60_000);
  return { ...user, secret, recoveryCodes };
}

const stepUp = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: secondFactorApi.stepUp, cookie, payload });

/** The review's attack with only the cookie: plant a passkey, kill the codes, drop the app, change the password. */
async function attack(cookie: string) {
  const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie });
  const planted =
    options.statusCode === 200
      ? await t.request({
          method: 'POST',
          url: secondFactorApi.myPasskeys,
          cookie,
          payload: { name: 'Portátil', response: attacker.register(options.json()) },
        })
      : options;
  const codes = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie });
  const password = await t.request({
    method: 'POST',
    url: api.profilePassword,
    cookie,
    payload: { currentPassword: TEST_PASSWORD, newPassword: 'Otra clave muy larga 2030' },
  });
  const dropped = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie });
  return { options, planted, codes, password, dropped };
}

describe('a stolen session cookie', () => {
  it('is refused on exactly the routes that change how one signs in (a new one must declare config.stepUp)', async () => {
    const flagged = t.app.accessRoutes.filter((route) => route.stepUp).map((route) => `${route.method} ${route.url}`);
    expect(flagged.sort()).toEqual(
      [
        'DELETE /api/profile/second-factor/passkeys/:id',
        'DELETE /api/profile/second-factor/totp',
        'DELETE /api/users/:id/second-factor',
        'POST /api/profile/password',
        'POST /api/profile/second-factor/passkeys',
        'POST /api/profile/second-factor/passkeys/options',
        'POST /api/profile/second-factor/recovery-codes',
        'POST /api/profile/second-factor/totp',
      ].sort(),
    );
  });

  it('cannot plant a passkey, renew the codes, change the password or drop the app without a fresh proof', async () => {
    const docb = await docbWithApp();
    const tried = await attack(docb.cookie);
    for (const response of Object.values(tried)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        message: ERROR_CODES.STEP_UP_REQUIRED,
      });
    }
    const status = await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: docb.cookie });
    expect(status.json()).toMatchObject({ totp: { enabled: true }, passkeys: [], recoveryCodesLeft: 10 });
    const planted = await t.request({ method: 'POST', url: secondFactorApi.passkeySignInOptions });
    expect(planted.statusCode).toBe(200);
    expect(attacker.credentials.size).toBe(0);
  });

  it('works again for 5 minutes after the password is given, then asks again', async () => {
    const docb = await docbWithApp();
    const before = await t.request({ method: 'GET', url: secondFactorApi.stepUp, cookie: docb.cookie });
    expect(before.json()).toEqual({ provenUntil: null, methods: ['password', 'totp', 'recovery'] });

    const proved = await stepUp(docb.cookie, { method: 'password', password: TEST_PASSWORD });
    expect(proved.statusCode).toBe(200);
    expect(proved.json().provenUntil).toBe(new Date(clock.nowMs() + 5 * 60_000).toISOString());
    const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: docb.cookie });
    expect(options.statusCode).toBe(200);
    const added = await t.request({
      method: 'POST',
      url: secondFactorApi.myPasskeys,
      cookie: docb.cookie,
      payload: { name: 'Portátil', response: device.register(options.json()) },
    });
    expect(added.statusCode).toBe(201);
    const codes = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie: docb.cookie });
    expect(codes.statusCode).toBe(200);

    clock.advance(5 * 60_000);
    const late = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: docb.cookie });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('STEP_UP_REQUIRED');
  });

  it('is proved by a code of the app, a recovery code or a passkey of the account, each once', async () => {
    const docb = await docbWithApp();
    const code = totpCode(docb.secret, clock.nowMs());
    expect((await stepUp(docb.cookie, { method: 'totp', code })).statusCode).toBe(200);
    const dropped = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: docb.cookie });
    expect(dropped.statusCode).toBe(204);

    const other = await docbWithApp();
    const recovery = other.recoveryCodes[0]!;
    expect((await stepUp(other.cookie, { method: 'recovery', code: recovery })).statusCode).toBe(200);
    const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: other.cookie });
    const key = device.register(options.json());
    const added = await t.request({
      method: 'POST',
      url: secondFactorApi.myPasskeys,
      cookie: other.cookie,
      payload: { name: 'Llave USB', response: key },
    });
    expect(added.statusCode).toBe(201);

    clock.advance(6 * 60_000);
    expect((await stepUp(other.cookie, { method: 'recovery', code: recovery })).json().error.code).toBe(
      'WRONG_RECOVERY_CODE',
    );
    const assertionOptions = await t.request({
      method: 'POST',
      url: secondFactorApi.stepUpPasskeyOptions,
      cookie: other.cookie,
    });
    expect(assertionOptions.statusCode).toBe(200);
    const assertion = device.assert(assertionOptions.json(), key.id);
    expect((await stepUp(other.cookie, { method: 'passkey', response: assertion })).statusCode).toBe(200);
    // The challenge is used up: the same assertion does not prove anything twice.
    expect((await stepUp(other.cookie, { method: 'passkey', response: assertion })).statusCode).toBe(400);
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const droppedApp = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: other.cookie });
    expect(droppedApp.statusCode).toBe(204);
  });

  it('is one session’s proof: another session of the account still has to give its own', async () => {
    const docb = await docbWithApp();
    const { pending } = await passwordStep(t, docb.email);
    const desk = sessionCookieOf(await sendTotp(t, pending, totpCode(docb.secret, clock.nowMs())));
    clock.advance(6 * 60_000);
    expect((await stepUp(docb.cookie, { method: 'password', password: TEST_PASSWORD })).statusCode).toBe(200);
    const mine = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie: docb.cookie });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie: desk });
    expect(theirs.statusCode).toBe(403);
  });

  it('drops a doctor’s last factor when the clinic’s settings must be read again inside the change (the embedded database)', async () => {
    const docb = await docbWithApp();
    expect((await stepUp(docb.cookie, { method: 'password', password: TEST_PASSWORD })).statusCode).toBe(200);
    // The settings' cache (2 s of real time) expires between the request's session check and the removal's own
    // check «is a factor still required?», as on a slow machine: read beside the transaction instead of in it, on
    // PGlite's one connection, that read waited for the transaction, which waited for it — the app hung.
    vi.useFakeTimers({ toFake: ['Date'] });
    const repo = t.deps.repos.secondFactor;
    const summary = repo.summary.bind(repo);
    const spy = vi.spyOn(repo, 'summary').mockImplementation(async (accountId) => {
      vi.setSystemTime(Date.now() + 3000);
      return summary(accountId);
    });
    try {
      const dropped = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: docb.cookie });
      expect(dropped.statusCode).toBe(204);
    } finally {
      spy.mockRestore();
      vi.useRealTimers();
    }
  });

  it('counts wrong passwords toward the sign-in lockout: after 5 the right one is refused there too', async () => {
    const docb = await docbWithApp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await stepUp(docb.cookie, { method: 'password', password: 'no es la mía' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    }
    const locked = await stepUp(docb.cookie, { method: 'password', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const signIn = await t.request({
      method: 'POST',
      url: api.auth.signIn,
      payload: { email: docb.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('refuses a proof in Spanish when it is malformed, and a passkey challenge to an account without passkeys', async () => {
    const docb = await docbWithApp();
    const bad = await stepUp(docb.cookie, { method: 'huella' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const none = await t.request({ method: 'POST', url: secondFactorApi.stepUpPasskeyOptions, cookie: docb.cookie });
    expect(none.statusCode).toBe(409);
  });
});
