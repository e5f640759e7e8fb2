import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { clock } from '../../platform/clock';
import { auditLog, totpCredentials } from '../../platform/db/schema';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { withAuditEntries } from '../../test/audit';
import { enrolTotp, passwordStep, sendTotp, startedSession } from '../../test/second-factor';
import { totpCode } from './totp';

const MONDAY = '2030-01-07T09:00:10.000Z';
let t: TestApp;

beforeAll(async () => {
  clock.freeze(MONDAY);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});
beforeEach(() => clock.freeze(MONDAY));

/** A doctor with an authenticator app set up from her profile. */
async function doctorWithApp() {
  const user = await t.createUser({ role: 'doctor' });
  const { secret, recoveryCodes } = await enrolTotp(t, user.cookie);
  return { ...user, secret, recoveryCodes };
}

describe('setting up an authenticator app', () => {
  it('shows the secret and its QR once, confirms with the first code, and gives ten recovery codes', async () => {
    const user = await t.createUser({ role: 'doctor' });
    const started = await t.request({ method: 'POST', url: secondFactorApi.myTotp, cookie: user.cookie });
    expect(started.statusCode).toBe(200);
    const { secret, uri, qr } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await t.request({
      method: 'POST',
      url: secondFactorApi.myTotpConfirm,
      cookie: user.cookie,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ERROR_CODES.WRONG_CODE);

    const { response: confirmed, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.myTotpConfirm,
      cookie: user.cookie,
      payload: { code: totpCode(secret, clock.nowMs()) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    expect(entries.map((e) => [e.action, e.entity, e.actorId, e.details])).toEqual([
      ['create', 'second_factor', user.id, { method: 'totp', replaced: false }],
    ]);

    // She is told by e-mail (someone who knew her password would be found out).
    await t.deliverMail();
    const notices = t.mailer.sent.filter((mail) => mail.to === user.email);
    expect(notices.map((mail) => mail.subject)).toEqual(['Se ha añadido una app de códigos a tu cuenta']);
    expect(notices[0]!.text).toContain('/doctor/perfil#segundo-factor');

    // The secret is never answered again, and it is not stored in clear.
    const status = await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: user.cookie });
    expect(status.json()).toMatchObject({
      totp: { enabled: true },
      passkeys: [],
      recoveryCodesLeft: 10,
      required: false,
    });
    expect(status.body).not.toContain(secret);
    const [row] = await t.database.db.select().from(totpCredentials).where(eq(totpCredentials.accountId, user.id));
    expect(row!.secret).toMatch(/^db:/);
    expect(row!.secret).not.toContain(secret);
  });

  it('lets the QR shown go stale: its first code is refused after 15 minutes', async () => {
    const user = await t.createUser({ role: 'admin' });
    const { secret } = (await t.request({ method: 'POST', url: secondFactorApi.myTotp, cookie: user.cookie })).json();
    clock.advance(15 * 60_000 + 1000);
    const late = await t.request({
      method: 'POST',
      url: secondFactorApi.myTotpConfirm,
      cookie: user.cookie,
      payload: { code: totpCode(secret, clock.nowMs()) },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(ERROR_CODES.SETUP_EXPIRED);
  });
});

describe('signing in with an authenticator app', () => {
  it('asks for the second factor after a right password, without a session', async () => {
    const user = await doctorWithApp();
    const { response, pending } = await passwordStep(t, user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: null,
      profile: null,
      secondFactor: { mode: 'verify', methods: ['totp', 'recovery'] },
    });
    expect(startedSession(response)).toBe(false);
    // The pending sign-in opens nothing but the second step.
    const profile = await t.request({ method: 'GET', url: '/api/profile', cookie: pending });
    expect(profile.statusCode).toBe(401);

    const { response: done, entries } = await withAuditEntries(t, {
      method: 'POST',
      url: secondFactorApi.totp,
      cookie: pending,
      payload: { code: totpCode(user.secret, clock.nowMs()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().profile).toMatchObject({ id: user.id, role: 'doctor' });
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookieOf(done) });
    expect(session.json().user.id).toBe(user.id);
    expect(entries.map((e) => [e.action, e.entity, e.actorId, e.details])).toEqual([
      ['sign_in', 'second_factor', user.id, { method: 'totp' }],
    ]);
  });

  it('accepts a code one step (30 s) off either way and refuses two steps', async () => {
    const user = await doctorWithApp();
    // Away from the step the app was confirmed with (that one is used).
    clock.advance(60_000);
    for (const offset of [-1, 1]) {
      const { pending } = await passwordStep(t, user.email);
      const response = await sendTotp(t, pending, totpCode(user.secret, clock.nowMs() + offset * 30_000));
      expect(response.statusCode, `${offset} step`).toBe(200);
      clock.advance(60_000);
    }
    for (const offset of [-2, 2]) {
      const { pending } = await passwordStep(t, user.email);
      const response = await sendTotp(t, pending, totpCode(user.secret, clock.nowMs() + offset * 30_000));
      expect(response.statusCode, `${offset} steps`).toBe(400);
      expect(response.json().error.message).toBe(ERROR_CODES.WRONG_CODE);
    }
  });

  it('never accepts a code twice, nor an older one after it', async () => {
    const user = await doctorWithApp();
    const code = totpCode(user.secret, clock.nowMs());
    const first = await passwordStep(t, user.email);
    expect((await sendTotp(t, first.pending, code)).statusCode).toBe(200);
    const again = await passwordStep(t, user.email);
    const replay = await sendTotp(t, again.pending, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(ERROR_CODES.CODE_ALREADY_USED);
    const older = await sendTotp(t, again.pending, totpCode(user.secret, clock.nowMs() - 30_000));
    expect(older.json().error.message).toBe(ERROR_CODES.CODE_ALREADY_USED);
    clock.advance(30_000);
    expect((await sendTotp(t, again.pending, totpCode(user.secret, clock.nowMs()))).statusCode).toBe(200);
  });

  it('keeps a pending sign-in for 5 minutes, single use', async () => {
    const user = await doctorWithApp();
    const early = await passwordStep(t, user.email);
    clock.advance(4 * 60_000 + 50_000);
    const inTime = await sendTotp(t, early.pending, totpCode(user.secret, clock.nowMs()));
    expect(inTime.statusCode).toBe(200);
    clock.advance(30_000);
    const reused = await sendTotp(t, early.pending, totpCode(user.secret, clock.nowMs()));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(ERROR_CODES.SECOND_FACTOR_EXPIRED);

    const late = await passwordStep(t, user.email);
    clock.advance(5 * 60_000 + 1000);
    const tooLate = await sendTotp(t, late.pending, totpCode(user.secret, clock.nowMs()));
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.message).toBe(ERROR_CODES.SECOND_FACTOR_EXPIRED);
    expect(startedSession(tooLate)).toBe(false);
  });

  it('throttles wrong codes like passwords: 429 with Retry-After after 5, even for the right code', async () => {
    const user = await doctorWithApp();
    const { pending } = await passwordStep(t, user.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await sendTotp(t, pending, '123456' === totpCode(user.secret, clock.nowMs()) ? '654321' : '123456');
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      clock.advance(10_000);
    }
    const blocked = await sendTotp(t, pending, totpCode(user.secret, clock.nowMs()));
    expect(blocked.statusCode).toBe(429);
    // Blocked from the fifth failure for 15 minutes; asked 10 seconds later.
    expect(blocked.headers['retry-after']).toBe(String(15 * 60 - 10));
    expect(blocked.json().error.message).toBe(
      'Demasiados códigos incorrectos. Espera 15 minutos antes de volver a intentarlo.',
    );

    // After the window, a new sign-in gets through.
    clock.advance(15 * 60_000);
    const later = await passwordStep(t, user.email);
    expect((await sendTotp(t, later.pending, totpCode(user.secret, clock.nowMs()))).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('signs in once with each code, and says how many are left', async () => {
    const user = await doctorWithApp();
    const code = user.recoveryCodes[3]!;
    const first = await passwordStep(t, user.email);
    const used = await t.request({
      method: 'POST',
      url: secondFactorApi.recovery,
      cookie: first.pending,
      payload: { code: code.toUpperCase() },
    });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ profile: { id: user.id }, recoveryCodesLeft: 9 });

    const second = await passwordStep(t, user.email);
    const again = await t.request({
      method: 'POST',
      url: secondFactorApi.recovery,
      cookie: second.pending,
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ERROR_CODES.WRONG_RECOVERY_CODE);
    expect(startedSession(again)).toBe(false);
  });

  it('makes ten new ones on demand, and the old ones stop working', async () => {
    const user = await doctorWithApp();
    const renewed = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie: user.cookie });
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const { pending } = await passwordStep(t, user.email);
    const old = await t.request({
      method: 'POST',
      url: secondFactorApi.recovery,
      cookie: pending,
      payload: { code: user.recoveryCodes[0] },
    });
    expect(old.statusCode).toBe(400);
    const fresh = await t.request({
      method: 'POST',
      url: secondFactorApi.recovery,
      cookie: pending,
      payload: { code: renewed.json().recoveryCodes[0] },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('are refused to an account without a second factor', async () => {
    const user = await t.createUser({ role: 'paciente' });
    const response = await t.request({ method: 'POST', url: secondFactorApi.myRecoveryCodes, cookie: user.cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(ERROR_CODES.NO_SECOND_FACTOR);
  });
});

describe('a new password', () => {
  it('still asks for the second factor before a session', async () => {
    const user = await doctorWithApp();
    await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    await t.deliverMail();
    const mail = t.mailer.sent.findLast((sent) => sent.to === user.email && sent.subject.startsWith('Restablece'))!;
    const token = decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]!);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'otra-clave-segura-9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: null, secondFactor: { mode: 'verify' } });
    expect(startedSession(response)).toBe(false);
  });
});

describe('removing the app', () => {
  it('turns the second factor off, its recovery codes with it, audited', async () => {
    const user = await doctorWithApp();
    const removed = await t.request({ method: 'DELETE', url: secondFactorApi.myTotp, cookie: user.cookie });
    expect(removed.statusCode).toBe(204);
    const status = (await t.request({ method: 'GET', url: secondFactorApi.mine, cookie: user.cookie })).json();
    expect(status).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(startedSession(signIn)).toBe(true);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'second_factor'), eq(auditLog.action, 'delete'), eq(auditLog.entityId, user.id)));
    expect(entries.map((e) => e.details)).toEqual([{ method: 'totp' }]);
  });
});
