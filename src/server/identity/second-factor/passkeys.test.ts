import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { passkeys } from '../../platform/db/schema';
import { buildTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { softAuthenticator } from '../../test/soft-authenticator';
import { enrolTotp, passwordStep, startedSession } from '../../test/second-factor';

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

/** Adds a passkey from the profile: the server's options, the authenticator's answer, the server's check. */
async function addPasskey(cookie: string, name: string, extra: { reuse?: string; origin?: string } = {}) {
  const options = await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie });
  expect(options.statusCode).toBe(200);
  const response = device.register(options.json(), extra);
  return t.request({ method: 'POST', url: secondFactorApi.myPasskeys, cookie, payload: { name, response } });
}

/** The second step with a passkey: options (the challenge), then the authenticator's signature. */
async function signInWithPasskey(
  pending: string,
  credentialId: string,
  extra: { counter?: number; origin?: string } = {},
) {
  const options = await t.request({ method: 'POST', url: secondFactorApi.passkeyOptions, cookie: pending });
  expect(options.statusCode).toBe(200);
  const assertion = device.assert(options.json(), credentialId, extra);
  return {
    options: options.json(),
    assertion,
    response: await t.request({
      method: 'POST',
      url: secondFactorApi.passkey,
      cookie: pending,
      payload: { response: assertion },
    }),
  };
}

describe('adding passkeys', () => {
  it('registers several named passkeys; the first brings recovery codes; the relying party is the public URL', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const options = (
      await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: user.cookie })
    ).json();
    expect(options.rp).toEqual({ id: 'localhost', name: expect.any(String) });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
    expect(options.authenticatorSelection.authenticatorAttachment).toBeUndefined();

    const { response: first, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.myPasskeys,
      cookie: user.cookie,
      payload: { name: 'Portátil de consulta', response: device.register(options) },
    });
    expect(first.statusCode).toBe(201);
    // On the server's one clock (not the database's).
    expect(first.json().passkey).toMatchObject({ name: 'Portátil de consulta', createdAt: MONDAY, lastUsedAt: null });
    expect(first.json().recoveryCodes).toHaveLength(10);
    expect(entries.map((e) => [e.action, e.entity, e.details])).toEqual([
      [
        'create',
        'second_factor',
        { method: 'passkey', passkeyId: first.json().passkey.id, name: 'Portátil de consulta' },
      ],
    ]);

    clock.advance(60_000);
    const second = await addPasskey(user.cookie, 'Llave USB');
    expect(second.statusCode).toBe(201);
    expect(second.json().recoveryCodes).toBeUndefined();
    const status = (await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: user.cookie })).json();
    expect(status.passkeys.map((key: { name: string }) => key.name)).toEqual(['Portátil de consulta', 'Llave USB']);
    expect(status.recoveryCodesLeft).toBe(10);
  });

  it('refuses an answer for another origin, or without a challenge of its own, and keeps nothing', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const foreign = await addPasskey(user.cookie, 'Ajena', { origin: 'https://otra.example' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(ERROR_CODES.PASSKEY_FAILED);
    const other = await t.createUser({ role: 'doctor' });
    const options = (
      await t.request({ method: 'POST', url: secondFactorApi.myPasskeyOptions, cookie: other.cookie })
    ).json();
    // The challenge made for `other` does not serve `user`.
    const stolen = await t.request({
      method: 'POST',
      url: secondFactorApi.myPasskeys,
      cookie: user.cookie,
      payload: { name: 'Robada', response: device.register(options) },
    });
    expect(stolen.statusCode).toBe(400);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.accountId, user.id))).toEqual([]);
  });

  it('keeps a credential to one account', async () => {
    const owner = await t.createUser({ role: 'admin' });
    const added = await addPasskey(owner.cookie, 'Mía');
    const credentialId = (
      await t.database.db.select().from(passkeys).where(eq(passkeys.id, added.json().passkey.id))
    )[0]!.credentialId;
    const intruder = await t.createUser({ role: 'admin' });
    const again = await addPasskey(intruder.cookie, 'Copia', { reuse: credentialId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ERROR_CODES.PASSKEY_ALREADY_ADDED);
  });

  it('renames and removes one’s own passkeys only', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const other = await t.createUser({ role: 'doctor' });
    const id = (await addPasskey(user.cookie, 'Móvil')).json().passkey.id;
    await addPasskey(user.cookie, 'Llave');
    const theirs = await t.request({
      method: 'PATCH',
      url: secondFactorApi.myPasskey(id),
      cookie: other.cookie,
      payload: { name: 'Mía' },
    });
    expect(theirs.statusCode).toBe(404);
    const renamed = await t.request({
      method: 'PATCH',
      url: secondFactorApi.myPasskey(id),
      cookie: user.cookie,
      payload: { name: 'Móvil personal' },
    });
    expect(renamed.json().name).toBe('Móvil personal');
    expect(
      (await t.request({ method: 'DELETE', url: secondFactorApi.myPasskey(id), cookie: other.cookie })).statusCode,
    ).toBe(404);
    const { response, entries } = await withAuditEntries(t, {
      method: 'DELETE',
      url: secondFactorApi.myPasskey(id),
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(entries.map((e) => [e.action, e.details])).toEqual([['delete', { method: 'passkey', id }]]);
    // Each change is e-mailed to the account's owner; nothing to the one who was refused.
    await t.deliverMail();
    expect(t.mailer.sent.filter((mail) => mail.to === other.email)).toEqual([]);
    expect(
      t.mailer.sent
        .filter((mail) => mail.to === user.email)
        .map((mail) => mail.text.split('\n')[2])
        .sort(),
    ).toEqual([
      'Se ha añadido la llave de acceso «Llave».',
      'Se ha añadido la llave de acceso «Móvil».',
      'Se ha quitado la llave de acceso «Móvil personal».',
    ]);
    const status = (await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: user.cookie })).json();
    expect(status.passkeys.map((key: { name: string }) => key.name)).toEqual(['Llave']);
    expect(status.recoveryCodesLeft).toBe(10);
  });
});

describe('signing in with a passkey', () => {
  it('completes the sign-in with the account’s passkey, offered first; counts its use', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const id = (await addPasskey(user.cookie, 'Portátil')).json().passkey.id;
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    const { response, pending } = await passwordStep(t, user.email);
    expect(response.json().secondFactor.methods).toEqual(['passkey', 'recovery']);

    const { options, response: done } = await signInWithPasskey(pending, row!.credentialId);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: row!.credentialId })]);
    expect(done.statusCode).toBe(200);
    expect(done.json().profile.id).toBe(user.id);
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookieOf(done) });
    expect(session.json().user.id).toBe(user.id);
    const [used] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(used!.counter).toBe(1);
    expect(used!.lastUsedAt?.toISOString()).toBe(MONDAY);
  });

  it('refuses a replayed assertion, a cloned authenticator (counter not moving on) and another origin', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const id = (await addPasskey(user.cookie, 'Portátil')).json().passkey.id;
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    const first = await passwordStep(t, user.email);
    const { assertion, response } = await signInWithPasskey(first.pending, row!.credentialId);
    expect(response.statusCode).toBe(200);

    const second = await passwordStep(t, user.email);
    await t.request({ method: 'POST', url: secondFactorApi.passkeyOptions, cookie: second.pending });
    const replay = await t.request({
      method: 'POST',
      url: secondFactorApi.passkey,
      cookie: second.pending,
      payload: { response: assertion },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(ERROR_CODES.PASSKEY_FAILED);

    const clone = await signInWithPasskey(second.pending, row!.credentialId, { counter: 1 });
    expect(clone.response.statusCode).toBe(400);
    const elsewhere = await signInWithPasskey(second.pending, row!.credentialId, { origin: 'https://otra.example' });
    expect(elsewhere.response.statusCode).toBe(400);
    expect(startedSession(elsewhere.response)).toBe(false);
    const honest = await signInWithPasskey(second.pending, row!.credentialId);
    expect(honest.response.statusCode).toBe(200);
  });

  it('does not take another account’s passkey', async () => {
    const user = await t.createUser({ role: 'doctor' });
    await addPasskey(user.cookie, 'Mía');
    const other = await t.createUser({ role: 'doctor' });
    const theirs = (await addPasskey(other.cookie, 'Suya')).json().passkey.id;
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, theirs));
    const { pending } = await passwordStep(t, user.email);
    const { response } = await signInWithPasskey(pending, row!.credentialId);
    expect(response.statusCode).toBe(400);
  });

  it('sets a passkey up at sign-in when the clinic requires a second factor', async () => {
    const admin = await t.createUser({ role: 'admin' });
    // With a factor of her own, or the requirement would end her session before she could turn it off.
    await enrolTotp(t, admin.cookie);
    const doctor = await t.createUser({ role: 'doctor' });
    await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { requireSecondFactorForStaff: true },
    });
    const { response, pending } = await passwordStep(t, doctor.email);
    expect(response.json().secondFactor.mode).toBe('setup');
    const options = await t.request({ method: 'POST', url: secondFactorApi.setupPasskeyOptions, cookie: pending });
    const { response: done, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.setupPasskey,
      cookie: pending,
      payload: { name: 'Ordenador de consulta', response: device.register(options.json()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.json().profile.id).toBe(doctor.id);
    expect(entries.map((e) => [e.action, e.actorId, e.details?.method])).toEqual([
      ['create', doctor.id, 'passkey'],
      ['sign_in', doctor.id, 'passkey'],
    ]);
    const off = await t.request({
      method: 'PATCH',
      url: '/api/settings',
      cookie: admin.cookie,
      payload: { requireSecondFactorForStaff: false },
    });
    expect(off.statusCode).toBe(200);
  });
});
