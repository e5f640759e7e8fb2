import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../platform/db/client';
import { buildTestApp, testConfig, type TestApp } from '../../test/app';
import { createDoctor, validPatient } from '../../test/fixtures';

let t: TestApp;
let listening: Awaited<ReturnType<typeof buildApp>>;
let otherDatabase: Database | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  // The SSE client connects to a second instance (its own pool on PostgreSQL): the event must cross
  // instances through LISTEN/NOTIFY.
  otherDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  listening = await buildApp({
    config: testConfig(),
    database: otherDatabase ?? t.database,
    logger: false,
    relaxRateLimits: true,
  });
  await listening.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listening.close();
  await otherDatabase?.close();
  await t.close();
});

describe('live events (SSE)', () => {
  it('a booking made on one instance reaches an admin listening on another', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctor = await createDoctor(t, admin.cookie);
    const patient = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null }),
      })
    ).json();
    const address = listening.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
      headers: { cookie: admin.cookie },
      signal: controller.signal,
    });
    // A failed expectation must not leave the stream open (closing the server would wait for it).
    onTestFinished(() => controller.abort());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The stream is written by hand (hijacked reply): it still carries the security headers.
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const reader = response.body!.getReader();

    const booked = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: admin.cookie,
      payload: {
        patientId: patient.id,
        doctorId: doctor.id,
        startsAt: '2030-01-07T09:00:00.000Z',
        reason: '',
        channel: 'telefono',
        allowOutsideHours: true,
      },
    });
    expect(booked.statusCode).toBe(201);

    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes(booked.json().id) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ value?: undefined }>((resolve) => setTimeout(() => resolve({}), 500)),
      ]);
      if (chunk.value) text += new TextDecoder().decode(chunk.value);
    }
    controller.abort();
    expect(text).toContain('event: appointment');
    expect(text).toContain(booked.json().id);
  });

  it('refuses signed-out visitors', async () => {
    const address = listening.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${address.port}/api/events`)).status).toBe(401);
  });

  it('an admin’s open stream ends at once when another admin disables her or makes her a paciente', async () => {
    const address = listening.server.address() as { port: number };
    const boss = await t.createUser({ role: 'admin' });
    for (const change of [{ active: false }, { role: 'paciente' }] as const) {
      const desk = await t.createUser({ role: 'admin' });
      const controller = new AbortController();
      onTestFinished(() => controller.abort());
      const response = await fetch(`http://127.0.0.1:${address.port}/api/events`, {
        headers: { cookie: desk.cookie },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read(); // the stream's opening `retry:` line: it is subscribed
      const changed = await t.request({
        method: 'PATCH',
        url: `/api/users/${desk.id}`,
        cookie: boss.cookie,
        payload: change,
      });
      expect(changed.statusCode).toBe(200);
      // The server closes the stream (done) instead of keeping it open with the old visibility.
      const deadline = Date.now() + 5000;
      let done = false;
      while (!done && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ done: false }>((resolve) => setTimeout(() => resolve({ done: false }), 500)),
        ]);
        done = chunk.done;
      }
      expect(done).toBe(true);
    }
  });
});
