/**
 * `WEB_CONCURRENCY=2` on PostgreSQL (`src/server/platform/cluster.ts`): one server, two worker processes sharing its
 * port. Both answer; a live event made through one reaches a stream held by the other; a killed worker is
 * replaced while the other keeps answering; the reminder job, started by both, sends each e-mail once; SIGTERM
 * stops the primary and every worker.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDueReminders,
  Client,
  createDatabase,
  onServer,
  startServer,
  startSmtpCapture,
  summaryRow,
  tempDir,
  type ServerProcess,
} from './harness';

const DUE_REMINDERS = 80;
const REMINDER_DOMAIN = 'recordatorio.procesos.test';

let database: Awaited<ReturnType<typeof createDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  database = await createDatabase('cluster', inject('demoTemplate'));
  smtp = await startSmtpCapture();
  await addDueReminders(database.url, DUE_REMINDERS, REMINDER_DOMAIN);
  dataDir = tempDir('cluster');
  server = await startServer({ dataDir, databaseUrl: database.url, smtpUrl: smtp.url, processes: 2 });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The processes whose parent is `pid` (the primary's workers). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
}

interface Answer {
  status: number;
  process: number;
  body: string;
}

/** One request on a connection of its own (the primary hands each new connection to the next worker). */
function once(client: Client, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${client.base}${path}`,
      {
        method,
        agent: false,
        headers: client.headers(payload ? { 'content-type': 'application/json' } : {}),
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            process: Number(response.headers['x-clinica-process']),
            body: text,
          }),
        );
      },
    );
    request.once('error', reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    request.end(payload);
  });
}

/** An event stream held open on the worker `process` (new connections until one lands there). */
async function streamOn(client: Client, process: number) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const received = { text: '' };
    const opened = await new Promise<{ process: number; request: http.ClientRequest }>((resolve, reject) => {
      const request = http.request(
        `${client.base}/api/events`,
        { agent: false, headers: { ...client.headers(), accept: 'text/event-stream' } },
        (response) => {
          response.on('data', (chunk: Buffer) => (received.text += chunk.toString()));
          resolve({ process: Number(response.headers['x-clinica-process']), request });
        },
      );
      request.once('error', reject);
      request.end();
    });
    if (opened.process !== process) {
      opened.request.destroy();
      continue;
    }
    return {
      received,
      close: () => opened.request.destroy(),
      async waitFor(needle: string) {
        const deadline = Date.now() + 15_000;
        while (!received.text.includes(needle)) {
          if (Date.now() > deadline) throw new Error(`«${needle}» did not arrive; got:\n${received.text}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    };
  }
  throw new Error(`no connection reached process ${process}`);
}

describe('one server, two processes on one PostgreSQL database', () => {
  it('both workers answer, on the one port', async () => {
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    const visitor = new Client(server.url);
    // The server answered its first health check when one worker listened: the other may still be starting.
    const seen = new Set<number>();
    const deadline = Date.now() + 120_000;
    while (seen.size < 2 && Date.now() < deadline) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => once(visitor, 'GET', '/api/health')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(4).fill(200));
      for (const answer of answers) seen.add(answer.process);
      if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(seen).toEqual(new Set(workers));
    summaryRow({
      part: 'processes',
      check: 'WEB_CONCURRENCY=2: both workers answer',
      result: `pids ${workers.join(', ')}`,
    });
  });

  it('a booking made through one worker reaches the live diary held by the other', async () => {
    const desk = new Client(server.url);
    await desk.signIn('admin@clinica.demo');
    const [first] = childrenOf(server.child.pid!);
    const stream = await streamOn(desk, first!);
    try {
      await stream.waitFor('retry:');
      const doctors = JSON.parse((await once(desk, 'GET', '/api/doctors')).body) as Array<{ id: string }>;
      const patients = JSON.parse((await once(desk, 'GET', '/api/patients?pageSize=5')).body).items as Array<{
        id: string;
      }>;
      // New connections until the booking is served by the other worker (each try books another evening time).
      let booked: Answer | undefined;
      for (let attempt = 0; attempt < 10 && (!booked || booked.process === first); attempt++) {
        booked = await once(desk, 'POST', '/api/appointments', {
          patientId: patients[0]!.id,
          doctorId: doctors[1]!.id,
          startsAt: new Date(Date.parse('2026-03-04T20:00:00.000Z') + attempt * 30 * 60_000).toISOString(),
          reason: 'Entre procesos',
          channel: 'telefono',
          allowOutsideHours: true,
        });
        expect(booked.status, booked.body).toBe(201);
      }
      expect(booked!.process).not.toBe(first);
      await stream.waitFor(JSON.parse(booked!.body).id);
      expect(stream.received.text).toContain('event: appointment');
      summaryRow({ part: 'processes', check: 'booking on one worker seen live on the other', result: 'ok' });
    } finally {
      stream.close();
    }
  });

  it('the reminder job runs in both workers and each reminder e-mail leaves once', async () => {
    // Reminders only: the booking above may have gone to one of these patients (its own e-mail).
    const toMe = () =>
      smtp.messages.filter(
        (mail) => mail.to.endsWith(`@${REMINDER_DOMAIN}`) && mail.subject.startsWith('Recordatorio de tu cita'),
      );
    const deadline = Date.now() + 45_000;
    while (toMe().length < DUE_REMINDERS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const perAddress = new Map<string, number>();
    for (const mail of toMe()) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    expect(perAddress.size).toBe(DUE_REMINDERS);
    expect([...perAddress].filter(([, n]) => n !== 1)).toEqual([]);
    const outbox = await onServer<{ status: string; n: string }>(
      database.url,
      `SELECT status, count(*) AS n FROM mail_outbox WHERE kind = 'appointment-reminder' AND to_address LIKE $1 GROUP BY status`,
      [`%@${REMINDER_DOMAIN}`],
    );
    expect(outbox.map((row) => [row.status, Number(row.n)])).toEqual([['sent', DUE_REMINDERS]]);
    summaryRow({ part: 'processes', check: 'reminders due in both workers, each e-mail once', result: 'ok' });
  });

  it('a killed worker is replaced while the other answers', async () => {
    const before = childrenOf(server.child.pid!);
    process.kill(before[0]!, 'SIGKILL');
    // A connection the primary hands to a worker in the instant it dies is lost with it (as in any crash):
    // the requests below start once the primary has reaped it.
    while (childrenOf(server.child.pid!).includes(before[0]!)) await new Promise((resolve) => setTimeout(resolve, 50));
    const visitor = new Client(server.url);
    // Meanwhile every request is answered (by the survivor, then by either).
    const answers: Answer[] = [];
    const deadline = Date.now() + 60_000;
    let now: number[] = [];
    while (Date.now() < deadline) {
      answers.push(await once(visitor, 'GET', '/api/health'));
      now = childrenOf(server.child.pid!);
      if (now.length === 2 && !now.includes(before[0]!) && answers.some((a) => a.process !== before[1])) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(now).toHaveLength(2);
    expect(now).toContain(before[1]);
    expect(now).not.toContain(before[0]);
    const replacement = now.find((pid) => pid !== before[1])!;
    expect(answers.map((answer) => answer.process)).toContain(replacement);
    summaryRow({
      part: 'processes',
      check: 'killed worker replaced',
      result: `${before[0]} killed, ${replacement} answering; ${answers.length} requests meanwhile, all 200`,
    });
  });

  it('SIGTERM stops the primary and both workers', async () => {
    const workers = childrenOf(server.child.pid!);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
