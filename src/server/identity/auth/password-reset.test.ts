import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { passwordTokens } from '../../platform/db/schema';
import { createMailer } from '../../platform/mail/mailer';
import { buildTestApp, sessionCookieOf, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/app';
import { decodeQuotedPrintable, mailPart, parseMail, silentLogger, startSmtpServer, unusedPort } from '../../test/mail';

const NEW_PASSWORD = 'otra-clave-nueva-2024';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    mailer: createMailer({
      // The test server advertises no STARTTLS, so a plain SMTP_URL works as it would in production.
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Clínica <no-responder@clinica.test>',
      outboxDir: '/nonexistent-outbox-must-not-be-used',
      log: silentLogger,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const requestReset = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirmReset = (token: string, password: string, cookie?: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, cookie });
const signIn = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const sessionOf = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/session', cookie })).json();

/** Asks for a reset of `email` and answers the token of the link the e-mail carried. */
async function resetTokenFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(202);
  await t.deliverMail();
  let mail = parseMail((await smtp.nextMail()).raw);
  // An earlier reset's notice («Se ha restablecido la contraseña…», issue 33) may come first.
  while (!mailPart(mail, 'text/plain').includes('nueva-contrasena')) mail = parseMail((await smtp.nextMail()).raw);
  const link = /https?:\/\/\S+\/auth\/nueva-contrasena\?token=[A-Za-z0-9_%-]+/.exec(mailPart(mail, 'text/plain'))?.[0];
  if (!link) throw new Error('no reset link in the e-mail');
  return new URL(link).searchParams.get('token')!;
}

describe('quoted-printable helper', () => {
  it('joins soft line breaks and decodes UTF-8 bytes', () => {
    expect(decodeQuotedPrintable('contrase=C3=B1a http://x/a?token=3Dab=\r\ncd')).toBe(
      'contraseña http://x/a?token=abcd',
    );
  });
});

describe('password reset through a real SMTP server', () => {
  it('sends a Spanish e-mail to the account with a working single-use link', async () => {
    // Signed up through the public form, in mixed case: the account keeps the normalized address.
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'Olvido.Clave@Prueba.test', password: TEST_PASSWORD, displayName: 'Olga Olvido' },
    });
    expect(signUp.statusCode).toBe(201);
    const user = signUp.json().user as { id: string };
    const response = await requestReset('OLVIDO.CLAVE@prueba.test');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });

    await t.deliverMail();
    const received = await smtp.nextMail();
    expect(received.envelope.to).toEqual(['olvido.clave@prueba.test']);
    expect(received.envelope.from).toBe('no-responder@clinica.test');

    const mail = parseMail(received.raw);
    expect(mail.headers.to).toContain('olvido.clave@prueba.test');
    expect(mail.headers.subject).toMatch(/^Restablece tu contraseña de /);
    const text = mailPart(mail, 'text/plain');
    const html = mailPart(mail, 'text/html');
    expect(text).toContain('Hola, Olga Olvido:');
    expect(text).toContain('restablecer la contraseña de tu cuenta');
    expect(text).toContain('caduca en 1 hora y solo sirve una vez');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Elegir una contraseña nueva');

    const link = /\S+\/auth\/nueva-contrasena\?token=\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe('/auth/nueva-contrasena');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The HTML part carries the same link (the button and the plain address).
    expect(html).toContain(`/auth/nueva-contrasena?token=${token}`);
    // Only the hash of the token is stored.
    const stored = await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.accountId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toContain(token);
    expect(stored[0]!.purpose).toBe('reset');
  });

  it('answers the catalogue text for an unknown e-mail, and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await requestReset('nadie-por-aqui@prueba.test');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No hay ninguna cuenta asociada a este correo electrónico');
    expect(response.json().error.message).toBe(AUTH_MESSAGES.resetUserNotFound);
    await t.deliverMail();
    expect(smtp.received.length).toBe(before);
  });

  it('sets the new password, ends every other session and opens a new one', async () => {
    const user = await t.createUser({ email: 'cambia.clave@prueba.test' });
    const otherDevice = await t.signIn(user.email);
    expect((await sessionOf(user.cookie)).user.id).toBe(user.id);

    const token = await resetTokenFor(user.email);
    const confirmed = await confirmReset(token, NEW_PASSWORD);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ id: user.id, email: user.email });
    const fresh = sessionCookieOf(confirmed);
    expect((await sessionOf(fresh)).user.id).toBe(user.id);

    // Earlier sessions (whoever knew the old password) are out.
    expect(await sessionOf(user.cookie)).toEqual({ user: null, profile: null });
    expect(await sessionOf(otherDevice)).toEqual({ user: null, profile: null });

    const withOld = await signIn(user.email, TEST_PASSWORD);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().error.message).toBe('Contraseña incorrecta');
    const withNew = await signIn(user.email, NEW_PASSWORD);
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().user.id).toBe(user.id);
  });

  it('accepts a link only once', async () => {
    const user = await t.createUser({ email: 'una.vez@prueba.test' });
    const token = await resetTokenFor(user.email);
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await confirmReset(token, 'y-otra-clave-mas-9');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/^El enlace para restablecer/);
    // The second attempt changed nothing.
    expect((await signIn(user.email, 'y-otra-clave-mas-9')).statusCode).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser({ email: 'caducado@prueba.test' });
    const token = await resetTokenFor(user.email);
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.accountId, user.id));
    const response = await confirmReset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^El enlace para restablecer .* ha caducado/);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await sessionOf(user.cookie)).user.id).toBe(user.id);
  });

  it('refuses an invented token', async () => {
    const response = await confirmReset('x'.repeat(43), NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^El enlace para restablecer/);
  });

  it('refuses a weak new password in Spanish without spending the link', async () => {
    const user = await t.createUser({ email: 'debil@prueba.test' });
    const token = await resetTokenFor(user.email);
    const short = await confirmReset(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('VALIDATION');
    expect(short.json().error.fields.password).toBe(PASSWORD_MESSAGES.tooShort);
    const common = await confirmReset(token, 'contraseña123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(PASSWORD_MESSAGES.tooCommon);
    // Nothing changed: the old password still works and the link still serves.
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset while the SMTP server is down', () => {
  let port: number;
  let down: TestApp;
  let back: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    port = await unusedPort();
    down = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    clock.freeze(null);
    await down?.close();
    await back?.close();
  });

  it('accepts the request (202), keeps the e-mail and delivers it once the server is back', async () => {
    clock.freeze('2026-03-02T09:00:00+01:00');
    const user = await down.createUser({});
    const response = await down.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);
    expect(await down.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });

    back = await startSmtpServer({ port });
    clock.advance(60_000);
    expect(await down.deps.outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const received = await back.nextMail();
    expect(received.envelope.to).toEqual([user.email]);
    expect(parseMail(received.raw).headers.subject).toMatch(/^Restablece tu contraseña de /);
  });
});
