import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api } from '../../../common/api-paths';
import { buildApp } from '../../app';
import { clock } from '../../platform/clock';
import { openDatabase, type Database } from '../../platform/db/client';
import { SESSION_TTL_MS } from '../../identity/auth/sessions';
import { buildTestApp, TEST_PASSWORD, testConfig, type TestApp } from '../../test/app';

// Issue 33: a live stream ends when its session ends, whatever ends it. The streams are held by a second
// instance (its own pool on PostgreSQL, idle lock on) while the session ends through the first: the end must
// cross instances as the other live events do.
let t: TestApp;
let listening: Awaited<ReturnType<typeof buildApp>>;
let otherDatabase: Database | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  otherDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  listening = await buildApp({
    config: testConfig(),
    database: otherDatabase ?? t.database,
    logger: false,
    relaxRateLimits: true,
    idleLock: true,
  });
  await listening.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listening.close();
  await otherDatabase?.close();
  await t.close();
});
afterEach(() => clock.freeze(null));

/** Opens `GET /api/events` on the other instance with `cookie` and reads its opening line (it is subscribed). */
async function openStream(cookie: string) {
  const { port } = listening.server.address() as { port: number };
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  return reader;
}

/** Whether the server ends the stream within `ms` (the lapse check looks every second). */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: false }>((resolve) => setTimeout(() => resolve({ done: false }), 250)),
    ]);
    if (chunk.done) return true;
  }
  return false;
}

describe('a live stream ends with its session (issue 33)', () => {
  it('when that session signs out; a stream of another session of the account goes on', async () => {
    const desk = await t.createUser({ role: 'admin' });
    const otherTab = await t.signIn(desk.email);
    const stream = await openStream(desk.cookie);
    const other = await openStream(otherTab);
    const signedOut = await t.request({ method: 'POST', url: api.auth.signOut, cookie: desk.cookie });
    expect(signedOut.statusCode).toBe(204);
    expect(await endsWithin(stream)).toBe(true);
    expect(await endsWithin(other, 1500)).toBe(false);
  });

  it('when a password change from another session ends it', async () => {
    const doctor = await t.createUser({ role: 'doctor' });
    const phone = await t.signIn(doctor.email);
    const stream = await openStream(phone);
    const changed = await t.request({
      method: 'POST',
      url: api.profilePassword,
      cookie: doctor.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'otra-clave-nueva-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await endsWithin(stream)).toBe(true);
  });

  it('when a staff session passes the clinic’s idle time, with no request to notice it', async () => {
    clock.freeze('2030-01-07T09:00:00.000Z');
    const desk = await t.createUser({ role: 'admin' });
    const stream = await openStream(desk.cookie);
    const idleMinutes = await t.deps.repos.clinic.staffIdleMinutes();
    clock.advance((idleMinutes - 1) * 60_000);
    expect(await endsWithin(stream, 1500)).toBe(false);
    clock.advance(60_000);
    expect(await endsWithin(stream)).toBe(true);
    // The session itself ended: its cookie signs in no more.
    const after = await t.request({ method: 'GET', url: api.auth.session, cookie: desk.cookie });
    expect(after.json().user).toBeNull();
  });

  it('when a session expires, with no request to notice it', async () => {
    clock.freeze('2030-01-07T09:00:00.000Z');
    const patient = await t.createUser({ role: 'paciente' });
    const stream = await openStream(patient.cookie);
    clock.advance(SESSION_TTL_MS - 60_000);
    expect(await endsWithin(stream, 1500)).toBe(false);
    clock.advance(60_000);
    expect(await endsWithin(stream)).toBe(true);
  });
});
