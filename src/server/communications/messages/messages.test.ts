import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { auditLog } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let otherAdmin: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin', displayName: 'Marta Recepción' });
  otherAdmin = await t.createUser({ role: 'admin', displayName: 'Luis Recepción' });
});
afterAll(() => t.close());
afterEach(() => clock.freeze(null));

const send = (cookie: string, url: string, body: string, id = randomUUID()) =>
  t.request({ method: 'POST', url, cookie, payload: { id, body } });

async function patientWhoWrote(body: string, displayName = 'Paciente Prueba') {
  const patient = await t.createUser({ role: 'paciente', displayName });
  expect((await send(patient.cookie, '/api/me/messages', body)).statusCode).toBe(201);
  const inbox = (
    await t.request({ method: 'GET', url: `/api/conversations?q=${encodeURIComponent(body)}`, cookie: admin.cookie })
  ).json();
  return { patient, conversationId: inbox.conversations[0].id as string };
}

describe('messages', () => {
  it('a patient writes, staff see it unread in the inbox, open it (read) and answer; the patient reads the answer', async () => {
    const { patient, conversationId } = await patientWhoWrote('Hola, ¿puedo cambiar mi cita del martes?', 'Rosa Vidal');
    let inbox = (await t.request({ method: 'GET', url: '/api/conversations', cookie: admin.cookie })).json();
    const row = inbox.conversations.find((c: { id: string }) => c.id === conversationId);
    expect(row).toMatchObject({
      patientName: 'Rosa Vidal',
      unread: 1,
      lastMessage: 'Hola, ¿puedo cambiar mi cita del martes?',
    });
    expect(inbox.totalUnread).toBeGreaterThanOrEqual(1);
    const totalBefore = inbox.totalUnread;

    const opened = await t.request({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      cookie: admin.cookie,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().messages[0]).toMatchObject({ side: 'patient', readAt: expect.any(String) });
    inbox = (await t.request({ method: 'GET', url: '/api/conversations', cookie: admin.cookie })).json();
    expect(inbox.conversations.find((c: { id: string }) => c.id === conversationId).unread).toBe(0);
    expect(inbox.totalUnread).toBe(totalBefore - 1);

    // The patient sees «Leído» on her message, and the staff reply unread until she opens it.
    const reply = await send(
      admin.cookie,
      `/api/conversations/${conversationId}/messages`,
      'Sí, llámenos o cámbiela en su área.',
    );
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ side: 'staff', authorName: 'Marta Recepción', readAt: null });
    const mine = (await t.request({ method: 'GET', url: '/api/me/messages', cookie: patient.cookie })).json();
    expect(mine.messages.map((m: { side: string; readAt: string | null }) => [m.side, m.readAt !== null])).toEqual([
      ['patient', true],
      ['staff', true],
    ]);
    const again = (
      await t.request({ method: 'GET', url: `/api/conversations/${conversationId}`, cookie: admin.cookie })
    ).json();
    expect(again.messages[1].readAt).not.toBeNull();
  });

  it('audits staff reads and every send', async () => {
    const { conversationId } = await patientWhoWrote('Mensaje auditado');
    await t.request({ method: 'GET', url: `/api/conversations/${conversationId}`, cookie: admin.cookie });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'conversation'), eq(auditLog.entityId, conversationId)));
    expect(entries.map((entry) => `${entry.actorRole}:${entry.action}`).sort()).toEqual([
      'admin:read',
      'paciente:create',
    ]);
  });

  it('a repeated send of the same id stores one message', async () => {
    const patient = await t.createUser({ role: 'paciente' });
    const id = randomUUID();
    const first = await send(patient.cookie, '/api/me/messages', 'Solo una vez', id);
    const second = await send(patient.cookie, '/api/me/messages', 'Solo una vez', id);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().id).toBe(id);
    const mine = (await t.request({ method: 'GET', url: '/api/me/messages', cookie: patient.cookie })).json();
    expect(mine.messages).toHaveLength(1);
    // Another user cannot reuse that id.
    const other = await t.createUser({ role: 'paciente' });
    expect((await send(other.cookie, '/api/me/messages', 'Robado', id)).statusCode).toBe(409);
  });

  it('refuses empty messages in Spanish, unknown conversations with 404 and the inbox to patients', async () => {
    const patient = await t.createUser({ role: 'paciente' });
    const empty = await send(patient.cookie, '/api/me/messages', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Escribe un mensaje');
    expect(
      (await t.request({ method: 'GET', url: `/api/conversations/${randomUUID()}`, cookie: admin.cookie })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/conversations', cookie: patient.cookie })).statusCode).toBe(
      403,
    );
    const { conversationId } = await patientWhoWrote('De otra paciente');
    expect(
      (await t.request({ method: 'GET', url: `/api/conversations/${conversationId}`, cookie: patient.cookie }))
        .statusCode,
    ).toBe(403);
  });

  it('searches by name, e-mail and text, assigns and filters «asignadas a mí»', async () => {
    const { patient, conversationId } = await patientWhoWrote(
      'Necesito el informe de la analítica',
      'Eulalia Búsqueda',
    );
    const search = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/conversations?q=${encodeURIComponent(q)}`, cookie: admin.cookie }))
        .json()
        .conversations.map((c: { id: string }) => c.id);
    expect(await search('eulalia busqueda')).toEqual([conversationId]);
    expect(await search(patient.email)).toEqual([conversationId]);
    expect(await search('informe de la analít')).toEqual([conversationId]);
    expect(await search('nadie-escribe-esto')).toEqual([]);

    const assign = (assignedTo: string | null) =>
      t.request({
        method: 'PUT',
        url: `/api/conversations/${conversationId}/assignee`,
        cookie: admin.cookie,
        payload: { assignedTo },
      });
    expect((await assign(otherAdmin.id)).statusCode).toBe(204);
    const mineOf = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/conversations?assigned=me', cookie }))
        .json()
        .conversations.map((c: { id: string }) => c.id);
    expect(await mineOf(otherAdmin.cookie)).toContain(conversationId);
    expect(await mineOf(admin.cookie)).not.toContain(conversationId);
    const bad = await assign(patient.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.assignedTo).toBe('Elige a alguien del equipo de la clínica');
  });

  it('e-mails the patient once when a staff reply stays unread 15 minutes, and not when read in time', async () => {
    const service = t.deps.messages;
    clock.freeze('2026-05-04T10:00:00Z');
    const late = await patientWhoWrote('Espero respuesta', 'Tardía Lectora');
    const early = await patientWhoWrote('Leeré enseguida', 'Pronta Lectora');
    for (const { conversationId } of [late, early]) {
      await send(admin.cookie, `/api/conversations/${conversationId}/messages`, 'Primera respuesta');
      await send(admin.cookie, `/api/conversations/${conversationId}/messages`, 'Segunda respuesta');
    }
    clock.freeze('2026-05-04T10:14:00Z');
    expect(await service.enqueueUnreadReplyEmails()).toBe(0);
    await t.request({ method: 'GET', url: '/api/me/messages', cookie: early.patient.cookie });
    clock.freeze('2026-05-04T10:15:00Z');
    expect(await service.enqueueUnreadReplyEmails()).toBe(1);
    expect(await service.enqueueUnreadReplyEmails()).toBe(0);
    await t.deliverMail();
    const mails = t.mailer.sent.filter((mail) => /^Tienes un mensaje/.test(mail.subject));
    expect(mails.map((mail) => mail.to)).toEqual([late.patient.email]);
    expect(mails[0]!.text).not.toContain('Primera respuesta');
    expect(mails[0]!.text).toContain('/pacientes/mensajes');
  });
});
