import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/messages';
import { clock } from '../../platform/clock';
import { buildTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../../test/app';
import { initialSetupLink, prepareInitialSetup } from './use-cases';

let t: TestApp;
const START = '2026-12-01T09:00:00+01:00';

beforeAll(async () => {
  clock.freeze(START);
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const check = (token: string) => t.request({ method: 'POST', url: '/api/initial-setup/check', payload: { token } });
const create = (token: string, email = 'ana@clinica.test') =>
  t.request({
    method: 'POST',
    url: '/api/initial-setup',
    payload: { token, displayName: 'Ana Directora', email, password: TEST_PASSWORD },
  });
const prepare = () => prepareInitialSetup(t.deps);

describe('the first run’s set-up link', () => {
  it('is the page of the public address with its token', () => {
    expect(initialSetupLink('https://clinica.example.es/', 'abc')).toBe(
      'https://clinica.example.es/configuracion-inicial?token=abc',
    );
  });

  it('refuses a link never printed, and stores only the hash of one printed', async () => {
    const response = await check('x'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'SETUP_LINK_INVALID',
      message: ERROR_CODES.SETUP_LINK_INVALID,
    });
    const token = (await prepare())!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await t.database.db.execute('SELECT token_hash FROM initial_setup_tokens');
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('works 24 hours: a link expires, and a new start replaces the old one', async () => {
    const first = (await prepare())!;
    expect((await check(first)).statusCode).toBe(200);
    clock.freeze('2026-12-02T08:59:00+01:00');
    expect((await check(first)).json()).toEqual({ valid: true });
    clock.freeze('2026-12-02T09:00:01+01:00');
    expect((await check(first)).json().error.code).toBe('SETUP_LINK_INVALID');
    expect((await create(first)).statusCode).toBe(400);

    clock.freeze(START);
    const second = (await prepare())!;
    const third = (await prepare())!;
    expect((await check(second)).statusCode).toBe(400);
    expect((await check(third)).statusCode).toBe(200);
  });

  it('creates the first admin once, audited, and signs her in with the session cookie', async () => {
    const token = (await prepare())!;
    const bad = await t.request({
      method: 'POST',
      url: '/api/initial-setup',
      payload: { token, displayName: 'Ana', email: 'ana@clinica.test', password: 'corta' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.password).toBeTruthy();
    // The refusal did not use the link up.
    expect((await check(token)).statusCode).toBe(200);

    const created = await create(token);
    expect(created.statusCode).toBe(200);
    expect(created.json().profile).toMatchObject({ role: 'admin', email: 'ana@clinica.test' });
    const cookie = sessionCookieOf(created);
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie });
    expect(session.json().profile.role).toBe('admin');
    const settings = await t.request({ method: 'GET', url: '/api/settings', cookie });
    expect(settings.statusCode).toBe(200);

    const audit = await t.request({ method: 'GET', url: '/api/audit?entity=account&action=create', cookie });
    expect(audit.json().items).toEqual([
      expect.objectContaining({ actorEmail: 'ana@clinica.test', entityId: created.json().user.id, ip: '127.0.0.1' }),
    ]);

    // Single use: the same link again is refused as any bad link, and creates nothing.
    const again = await create(token, 'otra@clinica.test');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('SETUP_LINK_INVALID');
    expect(await t.deps.repos.auth.findAccountByEmail('otra@clinica.test')).toBeUndefined();
  });

  it('is not made once an admin exists, and a link left over then says so', async () => {
    expect(await prepare()).toBeNull();
    const rows = await t.database.db.execute('SELECT count(*)::int AS n FROM initial_setup_tokens');
    expect(JSON.stringify(rows)).toContain('"n":0');
  });

  it('refuses a good link once an admin was made another way (create-admin), and keeps nothing', async () => {
    const other = await buildTestApp();
    try {
      const token = (await prepareInitialSetup(other.deps))!;
      await other.createUser({ role: 'admin', email: 'cli@clinica.test' });
      const checked = await other.request({ method: 'POST', url: '/api/initial-setup/check', payload: { token } });
      expect(checked.statusCode).toBe(409);
      expect(checked.json().error.message).toBe(ERROR_CODES.SETUP_DONE);
      const refused = await other.request({
        method: 'POST',
        url: '/api/initial-setup',
        payload: { token, displayName: 'Intrusa', email: 'intrusa@clinica.test', password: TEST_PASSWORD },
      });
      expect(refused.statusCode).toBe(409);
      expect(await other.deps.repos.auth.findAccountByEmail('intrusa@clinica.test')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
