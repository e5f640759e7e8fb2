/**
 * What the resilience tests share: real server processes (`node --import tsx src/server/main.ts`), a
 * PostgreSQL database of their own, an SMTP server that keeps what it receives, and an HTTP client that
 * signs in like a browser (cookie, Origin) from an address of its own (X-Forwarded-For, TRUST_PROXY on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db/client';
import { appointments } from '../src/server/platform/db/schema';
import { transact } from '../src/server/platform/db/transaction';
import { createRepositories } from '../src/server/repositories';
import { fakePatient } from '../src/server/seed/spanish-data';
import { SMTPServer } from 'smtp-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The PostgreSQL server the tests make their databases on (its maintenance database). */
export const PG_SERVER_URL =
  process.env.RESILIENCE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Databases made here start with it (a developer's worktree may set its own). */
const DB_PREFIX = process.env.RESILIENCE_DB_PREFIX ?? 'clinica_resilience';
/** The servers' clock starts here (a Monday at 09:00 in Madrid), so no run depends on the hour it runs. */
export const CLOCK_START = '2026-03-02T09:00:00+01:00';
export const DEMO_PASSWORD = 'clinica-demo';
export const SUMMARY_FILE = path.join(ROOT, 'resilience', '.tmp', 'summary.jsonl');

/** One line of the summary table printed at the end of the run (resilience/global-setup.ts). */
export function summaryRow(row: { part: string; check: string; result: string }) {
  fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  fs.appendFileSync(SUMMARY_FILE, `${JSON.stringify(row)}\n`);
}

export async function onServer<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database, a copy of `template` when given (the demo clinic, loaded once per run by
 * resilience/global-setup.ts); `drop` removes it (even with connections still open).
 */
export async function createDatabase(
  tag: string,
  template?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${DB_PREFIX}_${tag}_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  await onServer(PG_SERVER_URL, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => void (await onServer(PG_SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `clinica-${prefix}-`));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  seedDemo?: boolean;
  /** Reuse a port (a restart after kill -9 answers at the same address). */
  port?: number;
  /** WEB_CONCURRENCY (1 unless given: each instance of these tests is one process). */
  processes?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill9(): Promise<void>;
  /** SIGTERM, as a supervisor would stop it. */
  stop(): Promise<void>;
}

/** Starts the server as a real process and waits until /api/health answers 200. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Not 'production': the server takes CLOCK_START only outside it.
      NODE_ENV: 'test',
      CLOCK_START,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: options.smtpUrl ?? '',
      SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Each simulated client comes from an address of its own (X-Forwarded-For), as behind a proxy.
      TRUST_PROXY: 'true',
      WEB_CONCURRENCY: String(options.processes ?? 1),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output.join(''),
    async kill9() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${server.output()}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.kill9();
  throw new Error(`The server did not answer /api/health in 120 s:\n${server.output()}`);
}

/**
 * `count` patients at `…@domain` with an appointment each on the evening of the servers' first day, whose
 * reminders are due as soon as a server starts; every other appointment's reminder marked sent.
 */
export async function addDueReminders(databaseUrl: string, count: number, domain: string) {
  const opened = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const repos = createRepositories(opened.db);
    await opened.db.execute(sql`UPDATE appointments SET reminder_sent_at = now() WHERE reminder_sent_at IS NULL`);
    await transact(opened.db, (tx) =>
      repos.patients.createMany(
        Array.from({ length: count }, (_, i) => ({
          ...fakePatient(50_000 + i, 3),
          email: `paciente${i}@${domain}`,
        })),
        tx,
      ),
    );
    const patients = await opened.db.execute<{ id: string }>(
      sql`SELECT id FROM patients WHERE email LIKE ${`%@${domain}`} ORDER BY email`,
    );
    const doctors = await opened.db.execute<{ id: string }>(sql`SELECT id FROM doctors ORDER BY id`);
    const doctorIds = (doctors as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    // The evening of the servers' first day (CLOCK_START is 09:00): inside the 24 h lead, outside the demo's hours.
    const evening = Date.parse('2026-03-02T20:00:00+01:00');
    await opened.db.insert(appointments).values(
      (patients as unknown as { rows: { id: string }[] }).rows.map((patient, i) => {
        const startsAt = new Date(evening + Math.floor(i / doctorIds.length) * 15 * 60_000);
        return {
          patientId: patient.id,
          doctorId: doctorIds[i % doctorIds.length]!,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 15 * 60_000),
          channel: 'telefono' as const,
          status: 'confirmada' as const,
        };
      }),
    );
  } finally {
    await opened.close();
  }
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** An SMTP server (smtp-server, as the browser suite's) that keeps every message it accepts, parsed. */
export async function startSmtpCapture(): Promise<{ url: string; messages: CapturedMail[]; close(): Promise<void> }> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
      simpleParser(stream).then(
        (mail) => {
          messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          callback(null);
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as net.AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read answers of many shapes, checked by their assertions
type Answer = any;

let addressCounter = 0;

/** A browser-like client of one server: keeps the session cookie, sends Origin, comes from its own address. */
export class Client {
  cookie = '';
  readonly address: string;

  constructor(
    public base: string,
    address?: string,
  ) {
    const n = ++addressCounter;
    this.address = address ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** The same session (cookie) and address, sent to another instance. */
  on(base: string): Client {
    const other = new Client(base, this.address);
    other.cookie = this.cookie;
    return other;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      origin: this.base,
      'x-forwarded-for': this.address,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...extra,
    };
  }

  async request(
    method: string,
    pathname: string,
    body?: unknown,
  ): Promise<{ status: number; json: Answer; text: string }> {
    const response = await fetch(`${this.base}${pathname}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('clinica_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    let json: Answer;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  async upload(
    pathname: string,
    fields: Record<string, string>,
    file: { name: string; type: string; content: Buffer },
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    const response = await fetch(`${this.base}${pathname}`, { method: 'POST', headers: this.headers(), body: form });
    const text = await response.text();
    return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : undefined, text };
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    const response = await this.request('POST', '/api/auth/sign-in', { email, password });
    if (response.status !== 200)
      throw new Error(`sign-in of ${email} on ${this.base}: ${response.status} ${response.text}`);
    return response.json as { user: { id: string } };
  }
}

/** An open event stream (what EventSource does): the text received so far, and a wait for a string in it. */
export async function openEvents(client: Client) {
  const controller = new AbortController();
  const response = await fetch(`${client.base}/api/events`, {
    headers: { ...client.headers(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`/api/events answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: '' };
  const reading = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      state.text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return {
    get text() {
      return state.text;
    },
    async waitFor(needle: string, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!state.text.includes(needle)) {
        if (Date.now() > deadline)
          throw new Error(`«${needle}» did not arrive on the event stream; got:\n${state.text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A valid one-page PDF of about `bytes` bytes (the file route checks the real type from the bytes). */
export function pdfOf(bytes: number, seed: string): Buffer {
  const head = Buffer.from(
    `%PDF-1.4\n% ${seed}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n`,
  );
  const padding = crypto.randomBytes(Math.max(0, bytes - head.length - 40));
  const filler = Buffer.concat([
    Buffer.from('3 0 obj << /Length 0 >> stream\n'),
    padding,
    Buffer.from('\nendstream endobj\n'),
  ]);
  return Buffer.concat([head, filler, Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n')]);
}

export const sha256 = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');
