import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../platform/clock';
import { buildServer } from '../../app';
import { openDatabase, type Database } from '../../platform/db/client';
import { createMailer } from '../../platform/mail/mailer';
import { buildTestApp, testConfig, type TestApp } from '../../test/app';
import { createDoctor, insertAppointment, validPatient } from '../../test/fixtures';
import { parseMail, silentLogger, startSmtpServer } from '../../test/mail';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let second: Awaited<ReturnType<typeof buildServer>>;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = () =>
    createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Clínica <citas@clinica.test>',
      outboxDir: '/tmp',
      log: silentLogger,
    });
  t = await buildTestApp({ mailer: mailer() });
  // A second instance on the same database: its own connection pool on PostgreSQL; on PGlite (one
  // process may open it) the same embedded database.
  secondDatabase = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
  second = await buildServer({
    config: testConfig(),
    database: secondDatabase ?? t.database,
    mailer: mailer(),
    logger: false,
    relaxRateLimits: true,
  });
  await second.app.ready();
});
afterAll(async () => {
  await second.app.close();
  await secondDatabase?.close();
  await t.close();
  await smtp.close();
});

describe('reminder e-mails', () => {
  it('are sent exactly once per due appointment with two instances racing, never for cancelled ones', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctor = await createDoctor(t, admin.cookie);
    const patient = (
      await t.request({
        method: 'POST',
        url: '/api/patients',
        cookie: admin.cookie,
        payload: validPatient({ documentType: null, documentNumber: null, email: 'recordatorio@prueba.test' }),
      })
    ).json();
    const hour = 3_600_000;
    const now = clock.nowMs();
    // Due (within the 48 h lead): 6; cancelled: 1; later than the lead: 1; already started: 1.
    for (let i = 0; i < 6; i++) {
      await insertAppointment(t, {
        patientId: patient.id,
        doctorId: doctor.id,
        startsAt: new Date(now + (2 + i * 3) * hour),
      });
    }
    await insertAppointment(t, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date(now + 21 * hour),
      status: 'cancelada',
    });
    await insertAppointment(t, { patientId: patient.id, doctorId: doctor.id, startsAt: new Date(now + 50 * hour) });
    await insertAppointment(t, { patientId: patient.id, doctorId: doctor.id, startsAt: new Date(now - 2 * hour) });

    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? second.deps : t.deps).appointments.enqueueDueReminders()),
    );
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(6);
    // Writing them sent nothing: the delivery workers do, outside the claiming transaction.
    expect(smtp.received).toHaveLength(0);
    // Each send ends when the SMTP server has accepted the message (and kept it): once the runs are over,
    // every message they sent, duplicates included, is in `smtp.received`.
    await Promise.all([t.deps.outbox.deliverDue(), second.deps.outbox.deliverDue(), t.deps.outbox.deliverDue()]);
    const reminders = smtp.received.filter((mail) =>
      /^Recordatorio de tu cita/.test(parseMail(mail.raw).headers.subject ?? ''),
    );
    expect(reminders).toHaveLength(6);
    expect(reminders.every((mail) => mail.envelope.to[0] === 'recordatorio@prueba.test')).toBe(true);
    // Nothing left to write.
    expect(await t.deps.appointments.enqueueDueReminders()).toBe(0);
    expect(await second.deps.appointments.enqueueDueReminders()).toBe(0);
  });
});
