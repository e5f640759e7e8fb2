import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../platform/db/client';
import { buildTestApp, testConfig, type TestApp } from '../../test/app';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Opens the SSE stream of `port` as `cookie` and collects its text until `until` holds or 5 s pass. */
async function listen(port: number, cookie: string) {
  const controller = new AbortController();
  onTestFinished(() => controller.abort());
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = '';
  return {
    async collect(until: (text: string) => boolean, ms = 5000) {
      const deadline = Date.now() + ms;
      while (!until(text) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ value?: undefined }>((resolve) => setTimeout(() => resolve({}), 300)),
        ]);
        if (chunk.value) text += new TextDecoder().decode(chunk.value);
      }
      return text;
    },
  };
}

const post = (t: TestApp, cookie: string, url: string, body: string) =>
  t.request({ method: 'POST', url, cookie, payload: { id: randomUUID(), body } });

describe('live message events', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('a paciente hears only her own conversation; staff hear every one', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const ana = await t.createUser({ role: 'paciente', displayName: 'Ana Escucha' });
    const bea = await t.createUser({ role: 'paciente', displayName: 'Bea Otra' });
    // Bea's conversation exists before anyone listens, so its id can be told apart.
    await post(t, bea.cookie, '/api/me/messages', 'Primero');
    const beaConversation = (
      await t.request({ method: 'GET', url: '/api/conversations?q=Primero', cookie: admin.cookie })
    ).json().conversations[0].id;

    const anaStream = await listen(port, ana.cookie);
    const staffStream = await listen(port, admin.cookie);
    await post(t, bea.cookie, '/api/me/messages', 'Mensaje de Bea');
    await post(t, ana.cookie, '/api/me/messages', 'Mensaje de Ana');
    const anaConversation = (
      await t.request({ method: 'GET', url: '/api/conversations?q=Mensaje%20de%20Ana', cookie: admin.cookie })
    ).json().conversations[0].id;

    const staffText = await staffStream.collect(
      (text) => text.includes(anaConversation) && text.includes(beaConversation),
    );
    expect(staffText).toContain('event: message');
    const anaText = await anaStream.collect((text) => text.includes(anaConversation));
    expect(anaText).toContain(anaConversation);
    expect(anaText).not.toContain(beaConversation);
    expect(anaText).not.toContain('patientAccountId');
  });

  it('refuses the stream to visitors', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/events`)).status).toBe(401);
  });
});

describe.skipIf(!serverUrl)(
  'two instances on one PostgreSQL database, behind a balancer (PostgreSQL only: set TEST_DATABASE_URL; PGlite is one in-process database no second instance can open)',
  () => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>>;
    let secondDatabase: Database;
    beforeAll(async () => {
      t = await buildTestApp();
      secondDatabase = await openDatabase({ kind: 'postgres', url: t.database.url! });
      second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false, relaxRateLimits: true });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second.close();
      await secondDatabase.close();
      await t.close();
    });

    it('a message posted to instance 2 reaches an admin listening on instance 1', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const patient = await t.createUser({ role: 'paciente' });
      const stream = await listen((t.app.server.address() as { port: number }).port, admin.cookie);
      const sent = await second.inject({
        method: 'POST',
        url: '/api/me/messages',
        headers: { cookie: patient.cookie, origin: 'http://localhost:3000' },
        payload: { id: randomUUID(), body: 'Desde la instancia 2' },
      });
      expect(sent.statusCode).toBe(201);
      const conversationId = (
        await t.request({ method: 'GET', url: '/api/conversations?q=instancia%202', cookie: admin.cookie })
      ).json().conversations[0].id;
      expect(await stream.collect((text) => text.includes(conversationId))).toContain(
        `"conversationId":"${conversationId}"`,
      );
    });
  },
);
