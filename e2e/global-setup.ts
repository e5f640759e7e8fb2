import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { DEMO_REDSYS } from '../src/server/seed/online-payment';
import { startLocalRedsys, type LocalRedsys } from '../src/server/test/redsys-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TMP_DIR = path.join(ROOT, 'e2e', '.tmp');
/** Each slot's SMTP server keeps its messages in a folder of its own here (`mail/<slot>`). */
export const MAIL_ROOT = path.join(TMP_DIR, 'mail');
export const STATE_FILE = path.join(TMP_DIR, 'state.json');
/**
 * The clinic's "now" when the suite starts: a Monday at 09:00 in Madrid, in a month with no daylight-saving
 * change. The server's clock starts there (CLOCK_START) and the browsers' too (e2e/fixtures.ts), so every
 * run sees the same weekday and hour.
 */
export const CLOCK_START = '2026-01-12T09:00:00+01:00';
/**
 * A second clinic, started beside the first, whose clock starts on a Wednesday evening (19:30 in Madrid,
 * same month): the day's earlier rows are past, the diary is at its end, prescriptions written days ago
 * have expired. Specs that test those states use `eveningTest` (e2e/fixtures.ts); it has its own data dir
 * and demo data, seeded at its own "now", and shares its slot's SMTP server.
 */
export const EVENING_CLOCK_START = '2026-01-14T19:30:00+01:00';

/** One running app server of the suite. */
export interface E2EServer {
  baseURL: string;
  /** The real time (ms) at which the server's clock was told to start at its CLOCK_START. */
  clockStartedAt: number;
  serverPid: number;
  dataDir: string;
}

/**
 * What one worker of the suite uses (its `slot`, Playwright's parallel index): a morning clinic, an evening
 * clinic and an SMTP server of its own. Specs of one worker run one after another on them, as the whole suite
 * once did on one pair; two workers never share a clinic, a clock or a mailbox.
 */
export interface E2ESlot extends E2EServer {
  smtpPort: number;
  mailDir: string;
  evening: E2EServer;
}

export interface E2EState {
  slots: E2ESlot[];
  /** The local Redsys (src/server/test/redsys-server.ts) every clinic of the suite pays through (REDSYS_URL). */
  redsysUrl: string;
}

/** A server a spec started itself (`startServer`): it stops it, which removes its data dir too. */
export interface StartedServer extends E2EServer {
  stop(): Promise<void>;
  /** What the server printed so far (its last 200 chunks of standard output and error). */
  output(): string;
}

/** What the teardown needs; global setup and teardown run in the same (runner) process. */
interface Running {
  servers: StartedServer[];
  smtps: SMTPServer[];
  redsys?: LocalRedsys;
}
const RUNNING = Symbol.for('clinica.e2e.running');
type WithRunning = typeof globalThis & { [RUNNING]?: Running };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A local SMTP server that keeps every message as a raw `.eml` file in `mailDir`. */
async function startSmtp(mailDir: string): Promise<{ smtp: SMTPServer; port: number }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const envelope = `X-E2E-Rcpt-To: ${recipients}\r\n`;
        const file = path.join(mailDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
        fs.writeFile(file, Buffer.concat([Buffer.from(envelope), ...chunks]), (error) => callback(error ?? null));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as net.AddressInfo).port));
  });
  return { smtp, port };
}

// Generous: on a loaded 2-core machine the server took 78 s to migrate and seed the demo data (it needs ~5 s idle).
async function waitForHealth(baseURL: string, server: ChildProcess, output: string[], timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The app server exited with code ${server.exitCode}:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app server did not answer /api/health within ${timeoutMs / 1000}s:\n${output.join('')}`);
}

export default async function globalSetup(config: FullConfig) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client', 'index.html'))) {
    console.log(
      '[e2e] dist/client/index.html is missing: building the client and its server renderer once (npm run build)',
    );
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  fs.rmSync(MAIL_ROOT, { recursive: true, force: true });
  const running: Running = { servers: [], smtps: [] };
  (globalThis as WithRunning)[RUNNING] = running;
  // One local Redsys for the whole suite, with the demo's merchant and secret (seed/online-payment.ts): a payment
  // from a browser goes to its «TPV de pruebas» page, which posts the signed notification to the clinic that sent
  // it (each attempt carries its own notification and return addresses) and sends the browser back.
  const redsys = await startLocalRedsys({ merchantCode: DEMO_REDSYS.merchantCode, secret: DEMO_REDSYS.secret });
  running.redsys = redsys;

  // One slot per worker; every clinic starts (migrates and seeds) at once and waits for its own health answer.
  const slotCount = Math.max(1, config.workers);
  const slots = await Promise.all(
    Array.from({ length: slotCount }, async (_, index): Promise<E2ESlot> => {
      const mailDir = path.join(MAIL_ROOT, String(index));
      fs.mkdirSync(mailDir, { recursive: true });
      const { smtp, port: smtpPort } = await startSmtp(mailDir);
      running.smtps.push(smtp);
      const [morning, evening] = await Promise.all(
        [CLOCK_START, EVENING_CLOCK_START].map((clockStart) =>
          startServer(clockStart, smtpPort, { REDSYS_URL: redsys.url }, (server) => running.servers.push(server)),
        ),
      );
      const { stop: _stopMorning, ...morningState } = morning!;
      const { stop: _stopEvening, ...eveningState } = evening!;
      return { ...morningState, smtpPort, mailDir, evening: eveningState };
    }),
  ).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  const state: E2EState = { slots, redsysUrl: redsys.url };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

/**
 * Starts one app server (migrates and seeds the demo clinic at its own `clockStart`) and waits for its health
 * answer. Global setup starts two per worker; a spec that needs a server of its own (another environment, such
 * as a phone provider: e2e/first-visit.spec.ts) starts one with `extraEnv` and stops it (`stop`). `started`
 * learns of the server as soon as it is spawned, so that a failed start is still stopped.
 */
export async function startServer(
  clockStart: string,
  smtpPort: number,
  extraEnv: Record<string, string> = {},
  started: (server: StartedServer) => void = () => {},
): Promise<StartedServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-e2e-'));

  const output: string[] = [];
  const clockStartedAt = Date.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Not 'production': the server takes CLOCK_START only outside it.
      NODE_ENV: 'test',
      CLOCK_START: clockStart,
      // The server's clock reads CLOCK_START at this instant, not when it has finished starting (seconds later
      // on a busy machine): the tests' `clinicNow()` and the server agree (a TOTP step depends on it).
      CLOCK_STARTED_AT: String(clockStartedAt),
      PORT: String(port),
      // Fastify binds both 127.0.0.1 and ::1 for "localhost", whichever the browser picks.
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      // No STARTTLS is offered, so nodemailer sends in plain text; ignoreTLS makes that explicit.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The e-mail jobs (reminders, unread-reply notices) look for work every 2 s instead of every minute:
      // a spec waits on the e-mail itself (readMailsTo), not on the job's timer.
      JOB_INTERVAL_SECONDS: '2',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle: StartedServer = {
    baseURL,
    clockStartedAt,
    serverPid: server.pid!,
    dataDir,
    stop: () => stopServer(server, dataDir),
    output: () => output.join(''),
  };
  started(handle);
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[app ${clockStart}] ${chunk.toString()}`);
  });
  try {
    await waitForHealth(baseURL, server, output);
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

export async function stopAll() {
  const running = (globalThis as WithRunning)[RUNNING];
  if (!running) return;
  delete (globalThis as WithRunning)[RUNNING];
  await Promise.all(running.servers.map((server) => server.stop()));
  await Promise.all(running.smtps.map((smtp) => new Promise<void>((resolve) => smtp.close(() => resolve()))));
  await running.redsys?.close();
  fs.rmSync(STATE_FILE, { force: true });
}

async function stopServer(server: ChildProcess, dataDir: string) {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
