import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { passkeys } from '../../platform/db/schema';
import { buildTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/app';
import { softAuthenticator } from '../../test/soft-authenticator';
import { enrolTotp, pendingCookieOf } from '../../test/second-factor';
import { TOTP_PERIOD_SECONDS, totpCode } from '../second-factor/totp';

/**
 * Issue 33, item 3: a burst of guesses sent at once tests no more of them than the limit (5 per e-mail or
 * account, 30 per address, the defaults). Each burst goes through the HTTP API concurrently, from an
 * address of its own so that the bursts do not count against each other.
 */
const MONDAY = '2030-01-07T09:00:10.000Z';
let t: TestApp;
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

/** How many answers of each status and error code: `{ '401 WRONG_PASSWORD': 5, '429 TOO_MANY_ATTEMPTS': 35 }`. */
function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const response of responses) {
    const code = response.statusCode >= 400 ? (response.json() as { error: { code: string } }).error.code : 'ok';
    const key = `${response.statusCode} ${code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const burst = (size: number, send: (index: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: size }, (_, index) => send(index)));

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email, password } });

/** A password step from `remoteAddress`: the pending sign-in's cookie. */
async function pendingFrom(email: string, remoteAddress: string): Promise<string> {
  return pendingCookieOf(await signIn(email, TEST_PASSWORD, remoteAddress));
}

/** A doctor with a passkey on `device`: answers the user and the credential's id. */
async function doctorWithPasskey() {
  const user = await t.createUser({ role: 'doctor' });
  const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: user.cookie });
  const added = await t.request({
    method: 'POST',
    url: secondFactorApi.myPasskeys,
    cookie: user.cookie,
    payload: { name: 'Portátil', response: device.register(options.json()) },
  });
  const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, added.json().passkey.id));
  return { ...user, credentialId: row!.credentialId };
}

describe('a burst of wrong passwords', () => {
  it('for one e-mail tests 5 of them; the rest are refused as a lockout', async () => {
    const user = await t.createUser({});
    const responses = await burst(40, (i) => signIn(user.email, `mala-clave-${i}`, '198.51.100.1'));
    expect(tally(responses)).toEqual({ '401 WRONG_PASSWORD': 5, '429 TOO_MANY_ATTEMPTS': 35 });
    // The e-mail stays locked, even with the right password.
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(429);
  });

  it('from one address tests 30 of them, whichever e-mails they try', async () => {
    const responses = await burst(45, (i) => signIn(`probando${i}@prueba.test`, 'cualquier-cosa', '198.51.100.3'));
    expect(tally(responses)).toEqual({ '404 USER_NOT_FOUND': 30, '429 TOO_MANY_ATTEMPTS': 15 });
  });

  it('does not refuse the right password sent among fewer wrong ones than the limit', async () => {
    const user = await t.createUser({});
    const responses = await burst(5, (i) =>
      signIn(user.email, i === 2 ? TEST_PASSWORD : `mala-clave-${i}`, '198.51.100.4'),
    );
    expect(tally(responses)).toEqual({ '200 ok': 1, '401 WRONG_PASSWORD': 4 });
  });
});

describe('a burst of wrong second factors on one pending sign-in', () => {
  it('tests 5 app codes; the rest are refused', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const { secret } = await enrolTotp(t, user.cookie);
    const pending = await pendingFrom(user.email, '198.51.100.5');
    // A code of none of the steps the server accepts now (the one before, this one, the next).
    const now = clock.nowMs();
    const valid = [-1, 0, 1].map((step) => totpCode(secret, now + step * TOTP_PERIOD_SECONDS * 1000));
    const wrong = ['123456', '654321', '111111', '222222'].find((code) => !valid.includes(code))!;
    const responses = await burst(60, () =>
      t.request({
        method: 'POST',
        url: secondFactorApi.totp,
        cookie: pending,
        remoteAddress: '198.51.100.5',
        payload: { code: wrong },
      }),
    );
    expect(tally(responses)).toEqual({ '400 WRONG_CODE': 5, '429 TOO_MANY_CODE_ATTEMPTS': 55 });
  });

  it('tests 5 recovery codes; the rest are refused', async () => {
    const user = await t.createUser({ role: 'doctor' });
    await enrolTotp(t, user.cookie);
    const pending = await pendingFrom(user.email, '198.51.100.6');
    const responses = await burst(40, (i) =>
      t.request({
        method: 'POST',
        url: secondFactorApi.recovery,
        cookie: pending,
        remoteAddress: '198.51.100.6',
        payload: { code: `zzzz-zzzz-zzzz-${1000 + i}` },
      }),
    );
    expect(tally(responses)).toEqual({ '400 WRONG_RECOVERY_CODE': 5, '429 TOO_MANY_CODE_ATTEMPTS': 35 });
  });

  it('tests 5 passkey assertions; the rest are refused', async () => {
    const user = await doctorWithPasskey();
    const pending = await pendingFrom(user.email, '198.51.100.7');
    const options = await t.request({
      method: 'POST',
      url: secondFactorApi.passkeyOptions,
      cookie: pending,
      remoteAddress: '198.51.100.7',
    });
    const responses = await burst(40, () =>
      t.request({
        method: 'POST',
        url: secondFactorApi.passkey,
        cookie: pending,
        remoteAddress: '198.51.100.7',
        payload: { response: device.assert(options.json(), user.credentialId, { origin: 'https://otra.example' }) },
      }),
    );
    expect(tally(responses)).toEqual({ '400 PASSKEY_FAILED': 5, '429 TOO_MANY_CODE_ATTEMPTS': 35 });
  });
});

describe('a burst of refused passkeys signing in without a password', () => {
  it('from one address tests 30 assertions; the rest are refused', async () => {
    const user = await doctorWithPasskey();
    const started = await t.request({
      method: 'POST',
      url: secondFactorApi.passkeySignInOptions,
      remoteAddress: '198.51.100.8',
    });
    const challenge = started.cookies.find((cookie) => cookie.name === 'clinica_llave')!;
    const responses = await burst(45, () =>
      t.request({
        method: 'POST',
        url: secondFactorApi.passkeySignIn,
        cookie: `${challenge.name}=${challenge.value}`,
        remoteAddress: '198.51.100.8',
        payload: {
          response: device.assert(started.json(), user.credentialId, { origin: 'https://otra.example' }),
        },
      }),
    );
    expect(tally(responses)).toEqual({ '400 PASSKEY_FAILED': 30, '429 TOO_MANY_CODE_ATTEMPTS': 15 });
  });
});
