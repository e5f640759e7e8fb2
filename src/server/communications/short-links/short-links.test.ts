import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { shortLinks } from '../../platform/db/schema';
import { DEFAULT_LIMITS } from '../../platform/limits';
import { buildTestApp, type TestApp } from '../../test/app';
import { CODE_LENGTH, idOf, isCodeShaped, isOwnPath, newCode, unseal } from './codes';
import { shortLinkFor, sweepShortLinks } from './use-cases';

// Monday 2 March 2026, 09:00 in Madrid.
const MONDAY_9 = '2026-03-02T09:00:00+01:00';

let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  clock.freeze(MONDAY_9);
  t = await buildTestApp();
  await t.request({
    method: 'PATCH',
    url: '/api/settings',
    cookie: (await t.createUser({ role: 'admin' })).cookie,
    payload: { name: 'Clínica Salud Arganzuela', phone: '+34 910 000 000' },
  });
  // Limits as in production, but a small one for the short links: the enumeration test reaches it quickly.
  strict = await buildTestApp({
    relaxRateLimits: false,
    config: { limits: { ...DEFAULT_LIMITS, shortLink: { max: 5, timeWindow: 60_000 } } },
  });
});
afterEach(() => clock.freeze(MONDAY_9));
afterAll(async () => {
  clock.freeze(null);
  await t.close();
  await strict.close();
});

const make = (app: TestApp, target: string, expiresAt: string, kind: 'recordatorio' | 'encuesta' = 'recordatorio') =>
  app.write((tx) => shortLinkFor(app.deps, { kind, target, expiresAt: new Date(expiresAt) }, tx));
const codeOf = (url: string) => url.split('/r/')[1]!;
const open = (app: TestApp, code: string) => app.request({ method: 'GET', url: `/r/${code}` });

describe('the codes', () => {
  it('are 10 letters and digits drawn at random (≈59.5 bits), never twice the same in 2 000', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    expect(new Set(codes).size).toBe(2000);
    expect(codes.every((code) => code.length === CODE_LENGTH && /^[A-Za-z0-9]+$/.test(code))).toBe(true);
    expect(CODE_LENGTH * Math.log2(62)).toBeGreaterThan(48);
    // Every letter and digit shows up: no character is left out of the draw.
    expect(new Set(codes.join('')).size).toBe(62);
    expect(isCodeShaped('Ab3dE6gH9k')).toBe(true);
    for (const bad of ['Ab3dE6gH9', 'Ab3dE6gH9kL', 'Ab3dE6gH9-', '../../../x', ''])
      expect(isCodeShaped(bad)).toBe(false);
  });

  it('lead only to a path of this server (no open redirect)', () => {
    expect(isOwnPath('/cita/abc.def?acceso=xyz')).toBe(true);
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'cita/x', '/a b']) {
      expect(isOwnPath(bad), bad).toBe(false);
    }
  });
});

describe('a short link', () => {
  it('is made on the clinic’s own address and answers a 303 to its page, kept by no cache', async () => {
    const url = await make(t, '/cita/abc.def?acceso=prueba', '2026-03-10T10:00:00+01:00');
    expect(url).toMatch(/^http:\/\/localhost:3000\/r\/[A-Za-z0-9]{10}$/);
    const response = await open(t, codeOf(url));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cita/abc.def?acceso=prueba');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps neither the code nor the page it leads to in the clear: the code opens its row, nothing else does', async () => {
    const url = await make(t, '/encuesta/secreto-de-la-encuesta', '2026-03-16T09:00:00+01:00', 'encuesta');
    const code = codeOf(url);
    const [row] = await t.database.db
      .select()
      .from(shortLinks)
      .where(sql`${shortLinks.id} = ${idOf(code)}`);
    expect(row).toMatchObject({ kind: 'encuesta' });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain('secreto-de-la-encuesta');
    expect(unseal(row!.sealedTarget, code)).toBe('/encuesta/secreto-de-la-encuesta');
    expect(unseal(row!.sealedTarget, newCode())).toBeNull();
  });

  it('answers a Spanish page with 410 once expired, and 404 for a code nobody made (never a 500)', async () => {
    const url = await make(t, '/cita/caducada', '2026-03-03T10:00:00+01:00');
    clock.freeze('2026-03-03T10:00:01+01:00');
    const expired = await open(t, codeOf(url));
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(expired.body).toContain('<html lang="es">');
    expect(expired.body).toContain('Este enlace ha caducado');
    expect(expired.body).toContain('href="tel:+34910000000"');
    expect(expired.body).toContain('Ir a la web de Clínica Salud Arganzuela');
    expect(expired.body).not.toContain('/cita/caducada');

    for (const code of [newCode(), 'corto', 'x'.repeat(150), '%F0%9F%98%80', '..%2F..%2Fetc']) {
      const unknown = await open(t, code);
      expect(unknown.statusCode, code).toBe(404);
      expect(unknown.body).toContain('Este enlace no existe');
    }
  });

  it('never dies before it is read: an expiry already past still gives it an hour', async () => {
    const url = await make(t, '/cita/minutos', '2026-03-02T08:00:00+01:00');
    clock.freeze('2026-03-02T09:59:00+01:00');
    expect((await open(t, codeOf(url))).statusCode).toBe(303);
    clock.freeze('2026-03-02T10:00:01+01:00');
    expect((await open(t, codeOf(url))).statusCode).toBe(410);
  });

  it('is swept 90 days after it expired (until then it says «caducado», not «no existe»)', async () => {
    const url = await make(t, '/cita/vieja', '2026-03-04T09:00:00+01:00');
    clock.freeze('2026-06-01T09:00:00+02:00');
    await sweepShortLinks(t.deps);
    expect((await open(t, codeOf(url))).statusCode).toBe(410);
    clock.freeze('2026-06-03T09:00:00+02:00');
    expect(await sweepShortLinks(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await open(t, codeOf(url))).statusCode).toBe(404);
  });

  it('is limited per address against guessing: past the limit a Spanish 429 with Retry-After, valid code or not', async () => {
    const url = await make(strict, '/cita/limitada', '2026-03-10T10:00:00+01:00');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await open(strict, newCode())).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    const refused = await open(strict, codeOf(url));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toMatch(/demasiadas solicitudes/);
    // Another address is not limited by this one's guesses.
    const other = await strict.request({ method: 'GET', url: `/r/${codeOf(url)}`, remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(303);
  });
});
