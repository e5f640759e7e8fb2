import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { passkeys } from '../../platform/db/schema';
import { buildTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { softAuthenticator } from '../../test/soft-authenticator';
import { startedSession } from '../../test/second-factor';

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

const cookieOf = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'clinica_llave');
  if (!cookie) throw new Error('no passkey sign-in cookie');
  return `${cookie.name}=${cookie.value}`;
};

/** A user with a passkey on `device`: answers the user and the credential's id. */
async function userWithPasskey(role: 'doctor' | 'paciente' = 'doctor') {
  const user = await t.createUser({ role });
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

/** «Usar una llave de acceso»: the options (and the challenge's cookie), then the device's answer. */
async function startPasskeySignIn() {
  const options = await t.request({ method: 'POST', url: secondFactorApi.passkeySignInOptions });
  expect(options.statusCode).toBe(200);
  return { options: options.json(), cookie: cookieOf(options) };
}
const answer = (cookie: string, response: unknown) =>
  t.request({ method: 'POST', url: secondFactorApi.passkeySignIn, cookie, payload: { response } });

describe('signing in with a passkey alone', () => {
  it('signs in without the password when the device verifies its user, once per challenge, audited', async () => {
    const user = await userWithPasskey();
    const { options, cookie } = await startPasskeySignIn();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = device.assert(options, user.credentialId);
    const { response, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.passkeySignIn,
      cookie,
      payload: { response: assertion },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ id: user.id, role: 'doctor' });
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookieOf(response) });
    expect(session.json().user.id).toBe(user.id);
    expect(entries.map((e) => [e.action, e.actorId, e.details?.withoutPassword])).toEqual([['sign_in', user.id, true]]);

    const again = await answer(cookie, device.assert(options, user.credentialId));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ERROR_CODES.PASSKEY_FAILED);
  });

  it('refuses a passkey whose user the device did not verify, another origin, a foreign user handle, or no challenge', async () => {
    const user = await userWithPasskey();
    const other = await userWithPasskey('paciente');
    const { options, cookie } = await startPasskeySignIn();
    const refusals = [
      device.assert(options, user.credentialId, { userVerified: false }),
      device.assert(options, user.credentialId, { origin: 'https://otra.example' }),
      device.assert(options, user.credentialId, {
        userHandle: Buffer.from(other.id.replace(/-/g, ''), 'hex').toString('base64url'),
      }),
    ];
    for (const [index, refused] of refusals.entries()) {
      const response = await answer(cookie, refused);
      expect(response.statusCode, `case ${index}`).toBe(400);
      expect(startedSession(response)).toBe(false);
    }
    const withoutChallenge = await t.request({
      method: 'POST',
      url: secondFactorApi.passkeySignIn,
      payload: { response: device.assert(options, user.credentialId) },
    });
    expect(withoutChallenge.statusCode).toBe(400);
    // The challenge still serves the honest answer.
    expect((await answer(cookie, device.assert(options, user.credentialId))).statusCode).toBe(200);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const user = await userWithPasskey();
    const { options, cookie } = await startPasskeySignIn();
    clock.advance(5 * 60_000 + 1000);
    expect((await answer(cookie, device.assert(options, user.credentialId))).statusCode).toBe(400);
  });

  it('keeps a disabled account out', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await userWithPasskey();
    await t.request({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
      payload: { active: false },
    });
    const { options, cookie } = await startPasskeySignIn();
    const response = await answer(cookie, device.assert(options, user.credentialId));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(ERROR_CODES.ACCOUNT_DISABLED);
  });
});
