import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../common/api-paths';
import { clock } from '../clock';
import { loadConfig } from '../config';
import { auditLog } from '../db/schema';
import { DEFAULT_LIMITS } from '../limits';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';

// Issue 33: with TRUST_PROXY=true the server believed every private address as a proxy. On the clinic's own
// network a desk PC (10.0.0.x) is a client: what it writes in X-Forwarded-For must not become its address.
const DESK_PC = '10.0.0.7';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => clock.freeze('2026-03-02T09:00:00+01:00'));
afterEach(() => clock.freeze(null));

const from = (remoteAddress: string, options: InjectOptions & { cookie?: string }) => {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    remoteAddress,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
  });
};

describe('TRUST_PROXY=true: a proxy on this machine only (issue 33)', () => {
  it('a client on the private network rotating X-Forwarded-For is locked out of sign-in by its own address', async () => {
    const signIn = (i: number) =>
      from(DESK_PC, {
        method: 'POST',
        url: api.auth.signIn,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 10.0.0.1` },
        payload: { email: `rotando-${i}@prueba.test`, password: 'una-clave-cualquiera' },
      });
    const limit = DEFAULT_LIMITS.signInPerAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 6; i++) statuses.push((await signIn(i)).statusCode);
    expect(statuses).toEqual([...Array(limit).fill(404), ...Array(6).fill(429)]);
  });

  it('the audit log records the address the request came from, not the one the client wrote', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const seen = await from('10.0.0.8', {
      method: 'GET',
      url: api.patients,
      cookie: admin.cookie,
      headers: { 'x-forwarded-for': '198.51.100.200, 10.0.0.1' },
    });
    expect(seen.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(entries.map((entry) => entry.ip)).toEqual(['10.0.0.8']);
  });

  it('a proxy on this machine is still believed: the address it appended is the client', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const seen = await from('127.0.0.1', {
      method: 'GET',
      url: api.patients,
      cookie: admin.cookie,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(seen.statusCode).toBe(200);
    const entries = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(entries.map((entry) => entry.ip)).toEqual(['203.0.113.9']);
  });
});
