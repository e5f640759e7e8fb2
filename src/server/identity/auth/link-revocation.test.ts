import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';

// Security review: a reset or invitation link must die when a newer one is issued, when one is used, and
// when the password changes; a refused confirmation stores nothing.
const NEW_PASSWORD = 'otra-clave-nueva-2024';
const LATER_PASSWORD = 'y-otra-clave-mas-9';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The token of the newest link to /auth/nueva-contrasena the outbox delivered to `email`. */
async function lastLinkTokenTo(email: string): Promise<string> {
  await t.deliverMail();
  const mail = t.mailer.sent.filter((message) => message.to === email).at(-1);
  const link = /\/auth\/nueva-contrasena\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no password link in the last e-mail to ${email}`);
  return decodeURIComponent(link[1]!);
}
const askReset = async (email: string) => {
  expect((await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } })).statusCode).toBe(
    202,
  );
  return lastLinkTokenTo(email);
};
const confirm = (token: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const signInStatus = async (email: string, password: string) =>
  (await t.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } })).statusCode;

describe('password links are revoked', () => {
  it('a newer reset link revokes the older one, before and after it is used', async () => {
    const user = await t.createUser({});
    const older = await askReset(user.email);
    const newer = await askReset(user.email);
    expect((await confirm(older, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(newer, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await confirm(older, LATER_PASSWORD)).statusCode).toBe(400);
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('a reset link asked for before a password change cannot reset the new password', async () => {
    const user = await t.createUser({});
    const token = await askReset(user.email);
    const changed = await t.request({
      method: 'POST',
      url: '/api/profile/password',
      cookie: user.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token, LATER_PASSWORD)).statusCode).toBe(400);
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('a resent invitation revokes the earlier invitation link', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const email = 'invitada.revocada@prueba.test';
    const invited = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: admin.cookie,
      payload: { email, displayName: 'Ana Invitada', role: 'admin' },
    });
    expect(invited.statusCode).toBe(201);
    const first = await lastLinkTokenTo(email);
    const resent = await t.request({
      method: 'POST',
      url: `/api/users/${invited.json().id}/invitation`,
      cookie: admin.cookie,
    });
    expect(resent.statusCode).toBe(202);
    const second = await lastLinkTokenTo(email);
    expect(second).not.toBe(first);
    expect((await confirm(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a disabled account’s link answers 400 and stores nothing: re-enabled, the old password still signs in', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser({});
    const token = await askReset(user.email);
    const disable = await t.request({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
      payload: { active: false },
    });
    expect(disable.statusCode).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(400);
    await t.request({ method: 'PATCH', url: `/api/users/${user.id}`, cookie: admin.cookie, payload: { active: true } });
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(401);
    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(200);
  });

  it('disabling revokes pending links: a link sent before cannot set the password after a re-enabling (issue 33)', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser({});
    const token = await askReset(user.email);
    const patch = (active: boolean) =>
      t.request({ method: 'PATCH', url: `/api/users/${user.id}`, cookie: admin.cookie, payload: { active } });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await patch(true)).statusCode).toBe(200);
    // Well within the link's hour, and the account active again: the link still died with the disabling.
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(400);
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(401);
    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(200);
  });

  it('disabling revokes a pending invitation too: re-enabled, the account needs a new one', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const email = 'invitada.desactivada@prueba.test';
    const invited = await t.request({
      method: 'POST',
      url: '/api/users',
      cookie: admin.cookie,
      payload: { email, displayName: 'Eva Invitada', role: 'admin' },
    });
    expect(invited.statusCode).toBe(201);
    const token = await lastLinkTokenTo(email);
    const patch = (active: boolean) =>
      t.request({ method: 'PATCH', url: `/api/users/${invited.json().id}`, cookie: admin.cookie, payload: { active } });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await patch(true)).statusCode).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(400);
    const resent = await t.request({
      method: 'POST',
      url: `/api/users/${invited.json().id}/invitation`,
      cookie: admin.cookie,
    });
    expect(resent.statusCode).toBe(202);
    expect((await confirm(await lastLinkTokenTo(email), NEW_PASSWORD)).statusCode).toBe(200);
  });
});
