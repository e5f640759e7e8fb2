import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/app';
import { startSmtpServer } from '../../test/mail';
import { fakeMessagingConfig, startFakeProvider, type FakeProvider } from '../../test/fake-providers';
import { makeTestCertificates, type TestCertificates } from '../../test/tls';
import { writeBackup } from '../../platform/backup/dump';
import { checkAndRecordBackup } from '../../platform/backup/record';
import { createAccountWithProfile } from '../../identity/auth/accounts';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { totpCode } from '../../identity/second-factor/totp';
import type { GoLiveCheck, GoLiveView } from '../../../common/schemas/go-live';

const SITE = 'https://citas.example';
const NOW = '2026-11-30T09:00:00Z';
const stateOf = (view: GoLiveView, id: GoLiveCheck['id']) => view.checks.find((check) => check.id === id)!;

afterEach(() => clock.freeze(NOW));

describe('«Puesta en marcha» of the demo’s configuration (http://localhost, nothing set)', () => {
  let t: TestApp;
  let admin: { cookie: string; email: string };
  beforeAll(async () => {
    clock.freeze(NOW);
    t = await buildTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const view = async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings/go-live', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<GoLiveView>();
  };

  it('says what is missing, each with how to fix it, and is not ready', async () => {
    const answer = await view();
    expect(answer.ready).toBe(false);
    const states = Object.fromEntries(answer.checks.map((check) => [check.id, check.state]));
    expect(states).toEqual({
      'public-url': 'falta',
      proxy: 'aviso',
      email: 'falta',
      sms: 'aviso',
      'verifactu-certificate': 'falta',
      'verifactu-mode': 'falta',
      issuer: 'falta',
      'second-factor': 'falta',
      backups: 'falta',
      'secrets-key': 'falta',
    });
    expect(stateOf(answer, 'public-url').detail).toMatch(/vale para la demostración/);
    expect(stateOf(answer, 'email').detail).toMatch(/DATA_DIR\/outbox/);
    for (const check of answer.checks.filter((c) => c.state === 'falta')) expect(check.fix).toBeTruthy();
  });

  it('the test e-mail without SMTP_URL is written to a file and not counted as sent', async () => {
    const response = await t.request({ method: 'POST', url: '/api/settings/go-live/email-test', cookie: admin.cookie });
    expect(response.json()).toEqual({ sent: false, detail: expect.stringMatching(/No hay SMTP_URL/) });
    expect(t.mailer.sent.at(-1)?.to).toBe(admin.email);
    expect(stateOf(await view(), 'email').state).toBe('falta');
  });

  it('asks for SMS when the clinic’s channels include it and no provider is configured', async () => {
    await t.request({
      method: 'PUT',
      url: '/api/settings/channels',
      cookie: admin.cookie,
      payload: { channels: ['sms', 'email'], surveyEnabled: false, surveyDelayHours: 3, surveyReviewUrl: '' },
    });
    expect(stateOf(await view(), 'sms').state).toBe('falta');
    const test = await t.request({
      method: 'POST',
      url: '/api/settings/go-live/sms-test',
      cookie: admin.cookie,
      payload: { phone: '600123456' },
    });
    expect(test.json()).toEqual({ sent: false, detail: expect.stringMatching(/No hay ningún proveedor de SMS/) });
  });

  it('records each backup with its check and says how old the last one is', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-golive-backup-'));
    const file = path.join(dir, 'copia.jsonl.gz');
    clock.freeze('2026-11-30T06:00:00Z');
    await writeBackup(t.database.db, file, 'pglite');
    expect((await checkAndRecordBackup(t.database.db, file)).run.verified).toBe(true);
    clock.freeze(NOW);
    const fresh = stateOf(await view(), 'backups');
    expect(fresh.state).toBe('correcto');
    expect(fresh.detail).toMatch(/^Última copia: hace 3 h, comprobada/);

    clock.freeze('2026-12-01T09:00:00Z');
    expect(stateOf(await view(), 'backups')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/hace 27 h/),
    });

    fs.writeFileSync(file, 'no es una copia');
    const damaged = await checkAndRecordBackup(t.database.db, file);
    expect(damaged.run.verified).toBe(false);
    expect(stateOf(await view(), 'backups')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/no se pudo comprobar/),
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a phone that is not one with a Spanish 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/settings/go-live/sms-test',
      cookie: admin.cookie,
      payload: { phone: 'no es un móvil' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.phone).toMatch(/teléfono válido/);
  });
});

describe('«Puesta en marcha» of an install configured for production behind a proxy', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: FakeProvider;
  let whatsapp: FakeProvider;
  let certificates: TestCertificates;
  let validTo: Date;
  let cookie = '';
  const adminEmail = 'gerencia@citas.example';

  /** A request as the proxy forwards it: https, from the proxy on this machine. */
  const viaProxy = ({ headers, ...rest }: InjectOptions) =>
    t.app.inject({
      remoteAddress: '127.0.0.1',
      ...rest,
      headers: {
        host: 'citas.example',
        origin: SITE,
        'x-forwarded-proto': 'https',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
  const view = async (headers: Record<string, string> = {}) => {
    const response = await viaProxy({ method: 'GET', url: '/api/settings/go-live', headers });
    expect(response.statusCode).toBe(200);
    return response.json<GoLiveView>();
  };

  beforeAll(async () => {
    clock.freeze(NOW);
    smtp = await startSmtpServer();
    twilio = await startFakeProvider('twilio');
    whatsapp = await startFakeProvider('whatsapp');
    certificates = makeTestCertificates();
    const pfx = fs.readFileSync(certificates.clientP12Path);
    const context = tls.createSecureContext({ pfx, passphrase: certificates.clientPassword });
    validTo = new X509Certificate((context.context as { getCertificate(): Buffer }).getCertificate()).validToDate;
    t = await buildTestApp({
      config: {
        publicUrl: SITE,
        trustProxy: ['loopback'],
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        secretsKey: Buffer.alloc(32, 7),
        messaging: fakeMessagingConfig(twilio, whatsapp, SITE),
        verifactu: {
          certificate: { path: certificates.clientP12Path, password: certificates.clientPassword },
        },
      },
    });
    await createAccountWithProfile(t.database.db, t.deps.repos.auth, {
      email: adminEmail,
      password: TEST_PASSWORD,
      displayName: 'Gerencia',
      role: 'admin',
    });
    const signIn = await viaProxy({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: adminEmail, password: TEST_PASSWORD },
    });
    const session = signIn.cookies.find((c) => c.name === '__Host-clinica_session')!;
    cookie = `${session.name}=${session.value}`;
    // Staff must have a second factor here: the admin sets up her app first (her sign-in is the fresh proof), or
    // turning the requirement on would end her session at its next request.
    const started = await viaProxy({ method: 'POST', url: secondFactorApi.myTotp });
    const { secret } = started.json() as { secret: string };
    const confirmed = await viaProxy({
      method: 'POST',
      url: secondFactorApi.myTotpConfirm,
      payload: { code: totpCode(secret, clock.nowMs()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.write((tx) =>
      t.deps.repos.clinic.updateSettings(
        {
          issuerNif: 'B12345674',
          issuerLegalName: 'Clínica de pruebas SL',
          issuerAddress: 'Calle Mayor 1, 28013 Madrid',
          requireSecondFactorForStaff: true,
        },
        tx,
      ),
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await twilio.close();
    await whatsapp.close();
    certificates.remove();
  });

  it('is green once the test e-mail, the test SMS and a checked backup are done', async () => {
    clock.freeze(new Date(validTo.getTime() - 40 * 86_400_000));
    const before = await view();
    expect(before.ready).toBe(false);
    expect(stateOf(before, 'email')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/ningún correo de prueba/),
    });
    expect(stateOf(before, 'sms')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/ningún SMS de prueba/),
    });

    const email = await viaProxy({ method: 'POST', url: '/api/settings/go-live/email-test' });
    expect(email.json()).toMatchObject({ sent: true });
    expect((await smtp.nextMailTo(adminEmail)).raw).toMatch(/Si lees esto/);
    const sms = await viaProxy({
      method: 'POST',
      url: '/api/settings/go-live/sms-test',
      payload: { phone: '600 123 456' },
    });
    expect(sms.json()).toMatchObject({ sent: true });
    expect(twilio.received.at(-1)?.body).toContain(encodeURIComponent('+34600123456'));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-golive-backup-'));
    const file = path.join(dir, 'copia.jsonl.gz');
    await writeBackup(t.database.db, file, 'pglite');
    await checkAndRecordBackup(t.database.db, file);
    fs.rmSync(dir, { recursive: true, force: true });

    // Still in pruebas: every invoice would say «SIN VALOR FISCAL — PRUEBAS». The certificate is the issuer's.
    expect(stateOf(await view(), 'verifactu-mode').state).toBe('falta');
    const live = await viaProxy({
      method: 'POST',
      url: '/api/verifactu/mode',
      payload: { mode: 'produccion', confirm: true },
    });
    expect(live.statusCode, live.body).toBe(200);

    const after = await view();
    expect(after.checks.filter((check) => check.state !== 'correcto')).toEqual([]);
    expect(after.ready).toBe(true);
    expect(stateOf(after, 'verifactu-certificate').detail).toMatch(
      /Titular: B12345674 Clinica de pruebas \(NIF B12345674\)/,
    );
  });

  it('warns 30 days before the certificate expires and misses it once expired', async () => {
    clock.freeze(new Date(validTo.getTime() - 10 * 86_400_000));
    expect(stateOf(await view(), 'verifactu-certificate')).toMatchObject({
      state: 'aviso',
      detail: expect.stringMatching(/quedan 9 días|quedan 10 días/),
    });
    clock.freeze(new Date(validTo.getTime() + 86_400_000));
    expect(stateOf(await view(), 'verifactu-certificate')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/Caducó/),
    });
  });

  it('tells a request that did not come through the trusted proxy', async () => {
    const untrusted = await viaProxy({ method: 'GET', url: '/api/settings/go-live', remoteAddress: '203.0.113.9' });
    // From a peer TRUST_PROXY does not name the forwarded https is not believed: no __Host- session either.
    expect(untrusted.statusCode).toBe(401);
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/settings/go-live',
      headers: { cookie: cookie.replace('__Host-clinica_session', 'clinica_session') },
    });
    expect(direct.statusCode).toBe(200);
    expect(stateOf(direct.json(), 'proxy')).toMatchObject({
      state: 'aviso',
      detail: expect.stringMatching(/no ha llegado por el proxy/),
    });
    const otherProxy = await viaProxy({
      method: 'GET',
      url: '/api/settings/go-live',
      remoteAddress: '203.0.113.9',
      headers: {
        cookie: cookie.replace('__Host-clinica_session', 'clinica_session'),
        'x-forwarded-for': '198.51.100.7',
      },
    });
    expect(otherProxy.statusCode).toBe(200);
    expect(stateOf(otherProxy.json(), 'proxy')).toMatchObject({
      state: 'falta',
      detail: expect.stringMatching(/que TRUST_PROXY no incluye/),
    });
  });
});
