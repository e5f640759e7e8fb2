import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';
import { openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

const serverUrl = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/** Runs one statement on the server's maintenance database (outside the app's pool). */
async function asAdmin<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(text, values)).rows as Row[];
  } finally {
    await admin.end();
  }
}

/** Ends every backend of the app's database (its pool and its LISTEN connection) and waits until they are gone. */
async function terminateBackends(database: string) {
  // Two steps: in one WHERE the planner may call pg_terminate_backend before checking datname.
  const found = await asAdmin<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [database]);
  const pids = found.map((row) => row.pid);
  await asAdmin(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [pids]);
  for (let i = 0; i < 100; i++) {
    const [left] = await asAdmin<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1)`, [
      pids,
    ]);
    if (left!.n === 0) return pids.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the terminated backends did not exit');
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: UNAVAILABLE } });
  expect(response.headers['retry-after']).toBe('5');
}

/** Reads the event stream until `text` appears; fails after `timeoutMs`. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: { text: string },
  text: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  const decoder = new TextDecoder();
  while (!seen.text.includes(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`«${text}» did not arrive on the event stream; got:\n${seen.text}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ value?: undefined; done?: undefined }>((resolve) => setTimeout(() => resolve({}), left)),
    ]);
    if (chunk.done) throw new Error(`the event stream ended; got:\n${seen.text}`);
    if (chunk.value) seen.text += decoder.decode(chunk.value, { stream: true });
  }
}

describe.skipIf(!serverUrl)(
  'a database connection that heals (PostgreSQL only: PGlite runs in-process and has no connection to lose)',
  () => {
    let t: TestApp;
    let databaseName: string;
    let admin: { id: string; cookie: string };

    beforeAll(async () => {
      t = await buildTestApp();
      databaseName = new URL(t.database.url!).pathname.slice(1);
      admin = await t.createUser({ role: 'admin' });
    });
    afterAll(async () => {
      await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await t?.close();
    });

    const session = () => t.request({ method: 'GET', url: '/api/auth/session', cookie: admin.cookie });

    it('terminating every backend under a stream of requests: the process lives, no 500, then every request succeeds', async () => {
      // A transaction holding its connection while the backend is killed: its client emits 'error' while
      // checked out, which crashes the process unless the pool gave it a listener.
      let began!: () => void;
      const transactionBegan = new Promise<void>((resolve) => (began = resolve));
      let endCut!: () => void;
      const cutOver = new Promise<void>((resolve) => (endCut = resolve));
      const heldTransaction = t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          began();
          await cutOver;
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      await transactionBegan;
      const statuses: number[] = [];
      const unavailable: LightMyRequestResponse[] = [];
      let running = true;
      const stream = Promise.all(
        Array.from({ length: 6 }, async () => {
          while (running) {
            const response = await session();
            statuses.push(response.statusCode);
            if (response.statusCode === 503) unavailable.push(response);
          }
        }),
      );
      // The stream is under way (a dozen answers) when the backends are killed, and goes on
      // until a good number of requests have met the cut and the reconnection after it.
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThanOrEqual(12), { timeout: 10_000, interval: 10 });
      expect(await terminateBackends(databaseName)).toBeGreaterThan(1);
      const atCut = statuses.length;
      endCut();
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThanOrEqual(atCut + 24), {
        timeout: 10_000,
        interval: 10,
      });
      running = false;
      await stream;
      expect(isDatabaseUnavailable(await heldTransaction)).toBe(true);

      // During the cut a request either succeeded or was told, in Spanish, to retry: never a 500.
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      for (const response of unavailable) expectUnavailable(response);
      // The pool has dropped the dead connections and opened new ones.
      const after = await Promise.all(Array.from({ length: 20 }, () => session()));
      expect(after.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      expect(after[0]!.json().user.id).toBe(admin.id);
    });

    it('a live diary (SSE client) subscribed before the cut receives the next booking without reconnecting', async () => {
      const doctor = await createDoctor(t, admin.cookie);
      const patient = await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null }),
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const controller = new AbortController();
      // What a browser's EventSource does: one GET kept open, read as it arrives.
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie: admin.cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const seen = { text: '' };
      try {
        await readUntil(reader, seen, 'retry:');
        await terminateBackends(databaseName);
        // The instance re-established its LISTEN and told the screen to catch up with what it missed.
        await readUntil(reader, seen, 'event: resync');
        // The LISTEN is back: book only once the instance holds its connection (a slow machine may still be
        // settling it when the resync is written).
        await t.database.listening();

        const booked = await t.request({
          method: 'POST',
          url: '/api/appointments',
          cookie: admin.cookie,
          payload: {
            patientId: patient.json().id,
            doctorId: doctor.id,
            startsAt: '2030-01-07T09:00:00.000Z',
            reason: '',
            channel: 'telefono',
            allowOutsideHours: true,
          },
        });
        expect(booked.statusCode).toBe(201);
        await readUntil(reader, seen, booked.json().id);
        expect(seen.text).toContain('event: appointment');
      } finally {
        controller.abort();
      }
    });

    it('while the database refuses connections: 503 in Spanish with Retry-After, health says down; it recovers by itself', async () => {
      expect((await session()).statusCode).toBe(200);
      await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
      await terminateBackends(databaseName);
      try {
        expectUnavailable(await session());
        const health = await t.request({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({ status: 'error', database: { kind: 'postgres', ok: false } });
      } finally {
        await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
      }
      const back = await session();
      expect(back.statusCode).toBe(200);
      expect(back.json().user.id).toBe(admin.id);
      expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        database: { ok: true },
      });
      // The LISTEN connection, which kept failing meanwhile, is back too.
      await t.database.listening();
    });
  },
);

describe('connection timeout', () => {
  it('a server that accepts but never answers fails the connection after the timeout, as «unavailable»', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = performance.now();
    try {
      const error = await openDatabase({
        kind: 'postgres',
        url: `postgres://postgres@127.0.0.1:${port}/nada`,
        connectionTimeoutMs: 300,
      }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
