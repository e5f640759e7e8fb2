import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { clock } from '../clock';
import { openDatabase, type Database } from '../db/client';
import { transact } from '../db/transaction';
import { startMailDelivery } from '../../communications/channels/delivery-job';
import { DELIVERY_POLICY } from './delivery';
import { buildTestApp, testConfig, type TestApp } from '../../test/app';
import { createDoctor, nextWeekday } from '../../test/fixtures';
import { parseMail, startSmtpServer, unusedPort } from '../../test/mail';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** How many messages the SMTP server accepted for `address`. */
const receivedBy = (smtp: Smtp, address: string) =>
  smtp.received.filter((mail) => mail.envelope.to.includes(address)).length;

/** Books the `index`-th free slot of a weekday for a visitor with this e-mail; answers the status code. */
async function bookAsVisitor(t: TestApp, doctorId: string, day: string, index: number, email: string) {
  const availability = (
    await t.request({ method: 'GET', url: `/api/public/availability?doctorId=${doctorId}&from=${day}&to=${day}` })
  ).json();
  const slot = availability.doctors[0].slots[index];
  const response = await t.request({
    method: 'POST',
    url: '/api/public/bookings',
    payload: {
      doctorId,
      startsAt: slot.startsAt,
      firstName: 'Visita',
      lastName: email.split('@')[0],
      email,
      phone: '+34 600 000 000',
      reason: '',
      acceptPrivacy: true,
    },
  });
  return response.statusCode;
}

const testMessage = (to: string, subject = 'Prueba') => ({ to, subject, text: 'Hola', html: '<p>Hola</p>' });

afterEach(() => clock.freeze(null));

describe('the outbox with a real SMTP server', () => {
  let smtp: Smtp;
  let t: TestApp;
  let doctorId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    const admin = await t.createUser({ role: 'admin' });
    doctorId = (await createDoctor(t, admin.cookie)).id;
    await t.deliverMail(); // the doctor's invitation
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('one refused recipient: the others are delivered once; the refused one is retried with its error and delivered when accepted', async () => {
    const day = nextWeekday(5);
    smtp.refused.add('rechazada@prueba.test');
    for (const [index, email] of ['uno@prueba.test', 'rechazada@prueba.test', 'tres@prueba.test'].entries()) {
      expect(await bookAsVisitor(t, doctorId, day, index, email)).toBe(201);
    }
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 2, retried: 1, failed: 0 });
    expect([
      receivedBy(smtp, 'uno@prueba.test'),
      receivedBy(smtp, 'rechazada@prueba.test'),
      receivedBy(smtp, 'tres@prueba.test'),
    ]).toEqual([1, 0, 1]);

    const [refused] = await t.database.db.query.mailOutbox.findMany({
      where: (row, { eq }) => eq(row.toAddress, 'rechazada@prueba.test'),
    });
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, kind: 'appointment-received', sentAt: null });
    expect(refused!.lastError).toMatch(/550/);
    // Not before its back-off.
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    smtp.refused.delete('rechazada@prueba.test');
    clock.advance(DELIVERY_POLICY.retryDelayMs(1));
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect([
      receivedBy(smtp, 'uno@prueba.test'),
      receivedBy(smtp, 'rechazada@prueba.test'),
      receivedBy(smtp, 'tres@prueba.test'),
    ]).toEqual([1, 1, 1]);
    expect(await t.deps.repos.outbox.findById(refused!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: expect.any(Date),
    });
    expect(parseMail(smtp.received.at(-1)!.raw).headers.subject).toMatch(/^Cita confirmada/);
  });

  it('a message refused every time is kept as failed after the last attempt, never deleted nor sent', async () => {
    smtp.refused.add('nunca@prueba.test');
    const id = await transact(t.database.db, (tx) =>
      t.deps.outbox.enqueue(testMessage('nunca@prueba.test'), { tx, kind: 'test' }),
    );
    for (let attempt = 1; attempt <= DELIVERY_POLICY.maxAttempts; attempt++) {
      const result = await t.deps.outbox.deliverDue();
      expect(result).toEqual(
        attempt < DELIVERY_POLICY.maxAttempts ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
      );
      clock.advance(DELIVERY_POLICY.retryDelayMs(attempt));
    }
    clock.advance(86_400_000);
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await t.deps.repos.outbox.findById(id)).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_POLICY.maxAttempts,
      lastError: expect.stringMatching(/550/),
    });
    expect(receivedBy(smtp, 'nunca@prueba.test')).toBe(0);
  });

  it('a message held for an undo window leaves after it, or never when cancelled before', async () => {
    const db = t.database.db;
    const held = await transact(db, (tx) =>
      t.deps.outbox.enqueue(testMessage('espera@prueba.test'), {
        tx,
        kind: 'test',
        deliverAfter: new Date(clock.nowMs() + 10_000),
      }),
    );
    const undone = await transact(db, (tx) =>
      t.deps.outbox.enqueue(testMessage('deshecho@prueba.test'), {
        tx,
        kind: 'test',
        deliverAfter: new Date(clock.nowMs() + 10_000),
      }),
    );
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await transact(db, (tx) => t.deps.outbox.cancel(undone, tx))).toBe(true);
    clock.advance(10_000);
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await transact(db, (tx) => t.deps.outbox.cancel(held, tx))).toBe(false);
    expect([receivedBy(smtp, 'espera@prueba.test'), receivedBy(smtp, 'deshecho@prueba.test')]).toEqual([1, 0]);
    expect((await t.deps.repos.outbox.findById(undone))?.status).toBe('cancelled');
  });

  it('a message claimed by a worker that died comes back after the lease and is sent once', async () => {
    const id = await transact(t.database.db, (tx) =>
      t.deps.outbox.enqueue(testMessage('huerfano@prueba.test'), { tx, kind: 'test' }),
    );
    // Another instance claims it and dies before sending.
    const [claim] = await t.write((tx) =>
      t.deps.repos.outbox.claimDue(clock.now(), new Date(clock.nowMs() + DELIVERY_POLICY.leaseMs), 10, tx),
    );
    expect(claim?.id).toBe(id);
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(DELIVERY_POLICY.leaseMs);
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await t.deps.repos.outbox.findById(id)).toMatchObject({ status: 'sent', attempts: 2 });
    // The dead worker's claim can no longer settle it.
    expect(await t.write((tx) => t.deps.repos.outbox.markFailed(claim!, 'tarde', null, tx))).toBe(false);
    expect(receivedBy(smtp, 'huerfano@prueba.test')).toBe(1);
  });

  it('the worker wakes on the NOTIFY of a committed booking, without waiting for its timer', async () => {
    let idle!: () => void;
    const firstRunEnded = new Promise<void>((resolve) => (idle = resolve));
    const stop = await startMailDelivery(t.deps, { maxIdleMs: 3_600_000, onIdle: () => idle() });
    try {
      // Its first run (started at once) has ended, so only the notification can wake it again.
      await firstRunEnded;
      const before = smtp.received.length;
      const started = performance.now();
      expect(await bookAsVisitor(t, doctorId, nextWeekday(6), 0, 'aviso@prueba.test')).toBe(201);
      const mail = await smtp.nextMailTo('aviso@prueba.test', 5_000);
      const latency = performance.now() - started;
      expect(parseMail(mail.raw).headers.subject).toMatch(/^Cita confirmada/);
      expect(smtp.received.length).toBe(before + 1);
      expect(latency).toBeLessThan(3_000);
      console.info(`booking → e-mail at the SMTP server: ${Math.round(latency)} ms (${t.database.kind})`);
    } finally {
      await stop();
    }
  });
});

describe('the outbox while the SMTP server is down', () => {
  let port: number;
  let t: TestApp;
  let smtp: Smtp | undefined;
  beforeAll(async () => {
    port = await unusedPort();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('bookings answer 201 while it is down; every e-mail arrives exactly once when it is back', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doctorId = (await createDoctor(t, admin.cookie)).id;
    const day = nextWeekday(4);
    const visitors = ['ana@prueba.test', 'blas@prueba.test', 'carla@prueba.test', 'dario@prueba.test'];
    for (const [index, email] of visitors.entries())
      expect(await bookAsVisitor(t, doctorId, day, index, email)).toBe(201);
    // The doctor's invitation and the four confirmations wait.
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 5, failed: 0 });
    clock.advance(DELIVERY_POLICY.retryDelayMs(1));
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 5, failed: 0 });

    smtp = await startSmtpServer({ port });
    clock.advance(DELIVERY_POLICY.retryDelayMs(2));
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 5, retried: 0, failed: 0 });
    clock.advance(3_600_000);
    expect(await t.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(visitors.map((email) => receivedBy(smtp!, email))).toEqual([1, 1, 1, 1]);
    expect(smtp.received).toHaveLength(5);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one in-process database, no second instance can open it)',
  () => {
    let smtp: Smtp;
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildServer>>;
    let secondDatabase: Database;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      t = await buildTestApp({ config: { smtpUrl } });
      secondDatabase = await openDatabase({ kind: 'postgres', url: t.database.url! });
      second = await buildServer({
        config: testConfig({ smtpUrl }),
        database: secondDatabase,
        logger: false,
        relaxRateLimits: true,
      });
      await second.app.ready();
    });
    afterAll(async () => {
      await second.app.close();
      await secondDatabase.close();
      await t.close();
      await smtp.close();
    });

    const enqueueMany = async (prefix: string, count: number) => {
      const addresses = Array.from({ length: count }, (_, i) => `${prefix}${i}@prueba.test`);
      for (const address of addresses)
        await transact(t.database.db, (tx) => t.deps.outbox.enqueue(testMessage(address), { tx, kind: 'test' }));
      return addresses;
    };

    it('both delivering at once send each message exactly once', async () => {
      const addresses = await enqueueMany('carrera', 40);
      const runs = await Promise.all(
        [t.deps, second.deps, t.deps, second.deps, t.deps, second.deps].map((deps) => deps.outbox.deliverDue()),
      );
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(40);
      expect(addresses.map((address) => receivedBy(smtp, address))).toEqual(addresses.map(() => 1));
    });

    it('both workers woken by the same notifications send each message exactly once', async () => {
      const stops = await Promise.all([
        startMailDelivery(t.deps, { maxIdleMs: 3_600_000 }),
        startMailDelivery(second.deps, { maxIdleMs: 3_600_000 }),
      ]);
      let stopped = false;
      try {
        const addresses = await enqueueMany('aviso', 20);
        await Promise.all(addresses.map((address) => smtp.nextMailTo(address, 10_000)));
        // Stopping waits for the runs under way: a duplicate has reached the SMTP server by then.
        await Promise.all(stops.map((stop) => stop()));
        stopped = true;
        expect(addresses.map((address) => receivedBy(smtp, address))).toEqual(addresses.map(() => 1));
      } finally {
        if (!stopped) await Promise.all(stops.map((stop) => stop()));
      }
    });
  },
);
