import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { enrolTotp, passwordStep, pendingCookieOf, sendTotp, startedSession } from '../../test/second-factor';
import { totpCode } from './totp';

const MONDAY = '2030-01-07T09:00:10.000Z';
let t: TestApp;
let admin: { id: string; email: string; cookie: string };

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  // The admin who turns the requirement on and off has a factor: her session outlives the requirement.
  await enrolTotp(t, admin.cookie);
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(async () => {
  clock.freeze(MONDAY);
  await setRequirement(false);
});

async function setRequirement(on: boolean) {
  const response = await t.request({
    method: 'PATCH',
    url: '/api/settings',
    cookie: admin.cookie,
    payload: { requireSecondFactorForStaff: on },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().requireSecondFactorForStaff).toBe(on);
}

const signIn = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: TEST_PASSWORD } });

describe('«Exigir segundo factor al personal»', () => {
  it('is off by default, and then a password is enough for everyone', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    expect(startedSession(await signIn(doctor.email))).toBe(true);
  });

  it('takes a doctor without one to set it up at her next sign-in, then signs her in', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    await setRequirement(true);
    const { response, pending } = await passwordStep(t, doctor.email);
    expect(response.json()).toMatchObject({
      user: null,
      secondFactor: { mode: 'setup', methods: ['passkey', 'totp'] },
    });
    expect(startedSession(response)).toBe(false);
    // A setup is no verification: its cookie does not sign in with a code.
    expect((await sendTotp(t, pending, '123456')).json().error.message).toBe(ERROR_CODES.SECOND_FACTOR_EXPIRED);

    const started = await t.request({ method: 'POST', url: secondFactorApi.setupTotp, cookie: pending });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json();
    const { response: done, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.setupTotpConfirm,
      cookie: pending,
      payload: { code: totpCode(secret, clock.nowMs()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ profile: { id: doctor.id, role: 'doctor' } });
    expect(done.json().recoveryCodes).toHaveLength(10);
    const session = await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: sessionCookieOf(done) });
    expect(session.json()).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10, required: true });
    expect(entries.map((e) => [e.action, e.actorId, e.details])).toEqual([
      ['create', doctor.id, { method: 'totp', replaced: false }],
      ['sign_in', doctor.id, { method: 'totp', setUp: true }],
    ]);

    // From now on she proves it at each sign-in.
    clock.advance(30_000);
    const next = await passwordStep(t, doctor.email);
    expect(next.response.json().secondFactor.mode).toBe('verify');
    expect((await sendTotp(t, next.pending, totpCode(secret, clock.nowMs()))).statusCode).toBe(200);
  });

  it('takes staff already signed in without one to set it up at their next request (issue 33)', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const patient = await t.createUser({ role: 'paciente' });
    const mine = (cookie: string) => t.request({ method: 'GET', url: secondFactorApi.mine, cookie });
    expect((await mine(doctor.cookie)).statusCode).toBe(200);
    await setRequirement(true);

    const next = await mine(doctor.cookie);
    expect(next.statusCode).toBe(401);
    expect(next.json().error).toEqual({
      code: 'SECOND_FACTOR_SETUP_REQUIRED',
      message: ERROR_CODES.SECOND_FACTOR_SETUP_REQUIRED,
    });
    expect(next.headers['x-session-ended']).toBe('second-factor');
    // Her session ended; the answer started the set-up step, as the password step of a sign-in does.
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: doctor.cookie });
    expect(session.json().user).toBeNull();
    const pending = pendingCookieOf(next);
    const started = await t.request({ method: 'POST', url: secondFactorApi.setupTotp, cookie: pending });
    expect(started.statusCode).toBe(200);
    const done = await t.request({
      method: 'POST',
      url: secondFactorApi.setupTotpConfirm,
      cookie: pending,
      payload: { code: totpCode(started.json().secret, clock.nowMs()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().profile).toMatchObject({ id: doctor.id, role: 'doctor' });
    expect((await mine(sessionCookieOf(done))).json()).toMatchObject({ totp: { enabled: true }, required: true });

    // Staff with a factor (the admin) and patients go on as before.
    expect((await mine(admin.cookie)).statusCode).toBe(200);
    expect((await mine(patient.cookie)).statusCode).toBe(200);
  });

  it('of a screen’s requests at once, one starts the set-up step, and that step works', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    await setRequirement(true);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.request({ method: 'GET', url: secondFactorApi.mine, cookie: doctor.cookie })),
    );
    // Each is refused (those that came after the end find no session at all).
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(4).fill(401));
    const started = answers.filter((answer) => answer.cookies.some((c) => c.name === 'clinica_2fa' && c.value));
    expect(started).toHaveLength(1);
    const setup = await t.request({
      method: 'POST',
      url: secondFactorApi.setupTotp,
      cookie: pendingCookieOf(started[0]!),
    });
    expect(setup.statusCode).toBe(200);
  });

  it('gives a setup 15 minutes, then asks for the password again', async () => {
    const doctor = await t.createUser({ role: 'admin' });
    await setRequirement(true);
    const { pending } = await passwordStep(t, doctor.email);
    clock.advance(14 * 60_000);
    expect((await t.request({ method: 'POST', url: secondFactorApi.setupTotp, cookie: pending })).statusCode).toBe(200);
    clock.advance(60_000 + 1000);
    const late = await t.request({ method: 'POST', url: secondFactorApi.setupTotp, cookie: pending });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(ERROR_CODES.SECOND_FACTOR_EXPIRED);
  });

  it('never forces a patient', async () => {
    const patient = await t.createUser({ role: 'paciente' });
    await setRequirement(true);
    const response = await signIn(patient.email);
    expect(response.json().secondFactor).toBeUndefined();
    expect(startedSession(response)).toBe(true);
    const status = await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: sessionCookieOf(response) });
    expect(status.json().required).toBe(false);
  });

  it('keeps a staff member from removing her last factor while it is required', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    await enrolTotp(t, doctor.cookie);
    await setRequirement(true);
    const refused = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: doctor.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ERROR_CODES.SECOND_FACTOR_STILL_REQUIRED);
    const status = await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: doctor.cookie });
    expect(status.json().totp.enabled).toBe(true);
  });
});

describe("an admin's reset (a lost phone)", () => {
  it("removes the user's factor, audited; with the requirement on she sets one up again", async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const { secret } = await enrolTotp(t, doctor.cookie);
    const before = await t.request({ method: 'GET', url: secondFactorApi.ofUser(doctor.id), cookie: admin.cookie });
    expect(before.json()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });
    expect(before.body).not.toContain(secret);

    const { response, entries } = await withAuditEntries(t, {
      method: 'DELETE',
      url: secondFactorApi.ofUser(doctor.id),
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(entries.map((e) => [e.action, e.entity, e.actorId, e.entityId, e.details])).toEqual([
      ['delete', 'second_factor', admin.id, doctor.id, { reset: true, totp: true, passkeys: 0 }],
    ]);
    await t.deliverMail();
    expect(t.mailer.sent.filter((mail) => mail.to === doctor.email).at(-1)!.text).toContain(
      'La administración de la clínica ha restablecido el segundo factor de tu cuenta',
    );
    const after = await t.request({ method: 'GET', url: secondFactorApi.ofUser(doctor.id), cookie: admin.cookie });
    expect(after.json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });

    await setRequirement(true);
    const next = await passwordStep(t, doctor.email);
    expect(next.response.json().secondFactor.mode).toBe('setup');
  });

  it('is for admins only, and answers 404 for an unknown user', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const forbidden = await t.request({
      method: 'DELETE',
      url: secondFactorApi.ofUser(admin.id),
      cookie: doctor.cookie,
    });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await t.request({
      method: 'DELETE',
      url: secondFactorApi.ofUser('00000000-0000-4000-8000-000000000000'),
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
