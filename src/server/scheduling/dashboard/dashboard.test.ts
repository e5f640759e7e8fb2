import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  // 23:30 UTC on 10 March is already 11 March in Madrid: the clinic's day decides what is overdue.
  clock.freeze('2026-03-10T23:30:00.000Z');
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Recepción' });
});
afterAll(async () => {
  await t.close();
  clock.freeze(null);
});

const dashboard = async (cookie: string, url: string) => {
  const response = await t.request({ method: 'GET', url, cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const send = (cookie: string, url: string, body: string) =>
  t.request({ method: 'POST', url, cookie, payload: { id: randomUUID(), body } });

describe('dashboard counts', () => {
  it('the admin sees the inbox unread total and the tasks overdue in the clinic day', async () => {
    const before = await dashboard(admin.cookie, '/api/dashboard/admin');
    expect(before).toMatchObject({ unreadMessages: 0, overdueTasks: 0 });

    const task = (title: string, dueDate: string, status: 'pendiente' | 'hecha' = 'pendiente') =>
      t.write((tx) =>
        t.deps.repos.tasks.create(
          {
            title,
            description: '',
            assigneeId: admin.id,
            createdBy: admin.id,
            dueDate,
            priority: 'media',
            status,
            patientId: null,
          },
          tx,
        ),
      );
    await task('Vencida ayer en Madrid', '2026-03-10');
    await task('Vencida hace dos días', '2026-03-09');
    await task('Hecha, aunque vencida', '2026-03-09', 'hecha');
    await task('Vence hoy', '2026-03-11');

    const patient = await t.createUser({ role: 'paciente', displayName: 'Rosa Vidal' });
    expect((await send(patient.cookie, '/api/me/messages', 'Hola, ¿puedo cambiar mi cita?')).statusCode).toBe(201);
    expect((await send(patient.cookie, '/api/me/messages', '¿Y traer la analítica?')).statusCode).toBe(201);

    const after = await dashboard(admin.cookie, '/api/dashboard/admin');
    expect(after).toMatchObject({ unreadMessages: 2, overdueTasks: 2 });

    // Once the clinic day moves on, today's task is overdue too.
    clock.freeze('2026-03-11T23:30:00.000Z');
    expect((await dashboard(admin.cookie, '/api/dashboard/admin')).overdueTasks).toBe(3);
    clock.freeze('2026-03-10T23:30:00.000Z');
  });

  it('the paciente sees how many of the clinic replies are unread, and none once opened', async () => {
    const patient = await t.createUser({ role: 'paciente', displayName: 'Luis Ferrer' });
    expect((await send(patient.cookie, '/api/me/messages', 'Consulta sobre mi receta')).statusCode).toBe(201);
    expect((await dashboard(patient.cookie, '/api/dashboard/patient')).unreadMessages).toBe(0);
    const inbox = (
      await t.request({
        method: 'GET',
        url: `/api/conversations?q=${encodeURIComponent('Consulta sobre mi receta')}`,
        cookie: admin.cookie,
      })
    ).json();
    const conversationId = inbox.conversations[0].id as string;
    expect(
      (await send(admin.cookie, `/api/conversations/${conversationId}/messages`, 'Se la enviamos hoy.')).statusCode,
    ).toBe(201);
    expect(
      (await send(admin.cookie, `/api/conversations/${conversationId}/messages`, 'Ya está en su área.')).statusCode,
    ).toBe(201);
    expect((await dashboard(patient.cookie, '/api/dashboard/patient')).unreadMessages).toBe(2);

    expect((await t.request({ method: 'GET', url: '/api/me/messages', cookie: patient.cookie })).statusCode).toBe(200);
    expect((await dashboard(patient.cookie, '/api/dashboard/patient')).unreadMessages).toBe(0);
  });
});
