/**
 * (c) Two instances on one PostgreSQL database: a session made on A works on B (and signing out on B ends
 * it on A); the live diary (SSE) open on B shows a booking made on A; messages travel between a
 * paciente and the clinic across them; the reminder job runs on both and every e-mail leaves once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDueReminders,
  Client,
  createDatabase,
  onServer,
  openEvents,
  startServer,
  startSmtpCapture,
  summaryRow,
  tempDir,
  type ServerProcess,
} from './harness';

const DUE_REMINDERS = 80;
/** Each reminder run claims at most 50 appointments: 80 sent in the first run of each proves both jobs ran. */
const REMINDER_DOMAIN = 'recordatorio.resiliencia.test';

let database: Awaited<ReturnType<typeof createDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let a: ServerProcess;
let b: ServerProcess;
const dirs: string[] = [];

beforeAll(async () => {
  // The demo clinic (a copy of the run's template); then, with no server running, appointments whose reminders are due.
  database = await createDatabase('instances', inject('demoTemplate'));
  smtp = await startSmtpCapture();
  const dirA = tempDir('instance-a');
  const dirB = tempDir('instance-b');
  dirs.push(dirA, dirB);
  await addDueReminders(database.url, DUE_REMINDERS, REMINDER_DOMAIN);
  // Both instances at once: their reminder jobs start together on the same due appointments.
  [a, b] = await Promise.all([
    startServer({ dataDir: dirA, databaseUrl: database.url, smtpUrl: smtp.url }),
    startServer({ dataDir: dirB, databaseUrl: database.url, smtpUrl: smtp.url }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL database', () => {
  it('a session made on A works on B; signing out on B ends it on A', async () => {
    const onA = new Client(a.url);
    const { user } = await onA.signIn('admin@clinica.demo');
    const onB = onA.on(b.url);
    const session = await onB.request('GET', '/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.json.user.id).toBe(user.id);
    expect((await onB.request('POST', '/api/auth/sign-out')).status).toBe(204);
    const after = await new Client(a.url, onA.address).request('GET', '/api/auth/session', undefined);
    expect(after.json.user).toBeNull();
    const stale = await onA.request('GET', '/api/auth/session');
    expect(stale.json.user).toBeNull();
    summaryRow({ part: 'c two instances', check: 'session made on A used and ended on B', result: 'ok' });
  });

  it('the live diary open on B receives a booking made on A', async () => {
    const desk = new Client(a.url);
    await desk.signIn('admin@clinica.demo');
    const screen = new Client(b.url);
    await screen.signIn('admin@clinica.demo');
    const stream = await openEvents(screen);
    try {
      await stream.waitFor('retry:');
      const doctors = (await desk.request('GET', '/api/doctors')).json as Array<{ id: string }>;
      const patients = (await desk.request('GET', '/api/patients?pageSize=5')).json.items as Array<{ id: string }>;
      const sent = performance.now();
      const booked = await desk.request('POST', '/api/appointments', {
        patientId: patients[0]!.id,
        doctorId: doctors[0]!.id,
        startsAt: '2026-03-03T21:30:00.000Z',
        reason: 'Entre instancias',
        channel: 'telefono',
        allowOutsideHours: true,
      });
      expect(booked.status, booked.text).toBe(201);
      const answered = performance.now() - sent;
      await stream.waitFor(booked.json.id);
      expect(stream.text).toContain('event: appointment');
      const seen = performance.now() - sent;
      summaryRow({
        part: 'c two instances',
        check: 'booking on A seen by live diary on B',
        result: `A answered 201 in ${Math.round(answered)} ms; on B within ${Math.round(seen)} ms of the request`,
      });
    } finally {
      await stream.close();
    }
  });

  it('messages travel both ways between a paciente on A and the clinic on B, live', async () => {
    const paciente = new Client(a.url);
    await paciente.signIn('paciente@clinica.demo');
    const clinic = new Client(b.url);
    await clinic.signIn('admin@clinica.demo');
    const clinicStream = await openEvents(clinic);
    const pacienteStream = await openEvents(paciente);
    try {
      await Promise.all([clinicStream.waitFor('retry:'), pacienteStream.waitFor('retry:')]);
      const question = crypto.randomUUID();
      const asked = await paciente.request('POST', '/api/me/messages', {
        id: question,
        body: '¿Puedo cambiar la cita?',
      });
      expect(asked.status, asked.text).toBe(201);
      await clinicStream.waitFor('event: message');
      const inbox = (await clinic.request('GET', '/api/conversations')).json.conversations as Array<{
        id: string;
        patientEmail: string;
      }>;
      const conversation = inbox.find((row) => row.patientEmail === 'paciente@clinica.demo')!;
      expect(clinicStream.text).toContain(conversation.id);
      const opened = await clinic.request('GET', `/api/conversations/${conversation.id}`);
      expect((opened.json.messages as Array<{ id: string }>).filter((message) => message.id === question)).toHaveLength(
        1,
      );

      const answer = crypto.randomUUID();
      const answered = await clinic.request('POST', `/api/conversations/${conversation.id}/messages`, {
        id: answer,
        body: 'Sí, desde su área.',
      });
      expect(answered.status, answered.text).toBe(201);
      // A retry of the same message on the other instance stores nothing new.
      const retried = await clinic
        .on(a.url)
        .request('POST', `/api/conversations/${conversation.id}/messages`, { id: answer, body: 'Sí, desde su área.' });
      expect(retried.status).toBe(200);
      await pacienteStream.waitFor('event: message');
      const mine = (await paciente.request('GET', '/api/me/messages')).json.messages as Array<{ id: string }>;
      expect(mine.filter((message) => message.id === answer)).toHaveLength(1);
      summaryRow({ part: 'c two instances', check: 'messages live across A and B, retry stored once', result: 'ok' });
    } finally {
      await clinicStream.close();
      await pacienteStream.close();
    }
  });

  it('the reminder job runs on both instances and each reminder e-mail leaves once', async () => {
    // Reminders only: a booking of the tests above may have gone to one of these patients (its own e-mail).
    const toMe = () =>
      smtp.messages.filter(
        (mail) => mail.to.endsWith(`@${REMINDER_DOMAIN}`) && mail.subject.startsWith('Recordatorio de tu cita'),
      );
    const deadline = Date.now() + 45_000;
    while (toMe().length < DUE_REMINDERS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    // Time for a duplicate to arrive, if either instance were to send one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const received = toMe();
    const perAddress = new Map<string, number>();
    for (const mail of received) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    expect(perAddress.size).toBe(DUE_REMINDERS);
    expect([...perAddress].filter(([, n]) => n !== 1)).toEqual([]);
    const outbox = await onServer<{ status: string; n: string }>(
      database.url,
      `SELECT o.status, count(*) AS n FROM mail_outbox o WHERE o.kind = 'appointment-reminder' AND o.to_address LIKE $1 GROUP BY o.status`,
      [`%@${REMINDER_DOMAIN}`],
    );
    expect(outbox.map((row) => [row.status, Number(row.n)])).toEqual([['sent', DUE_REMINDERS]]);
    summaryRow({
      part: 'c two instances',
      check: 'reminders due on both instances, each e-mail once',
      result: `${received.length} e-mails for ${DUE_REMINDERS} citas`,
    });
  });
});
