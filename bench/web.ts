/**
 * `npm run bench:web` — builds the client (with its size budgets) and its server renderer, serves the production build with the
 * demo clinic (embedded database in a temporary directory) and runs Lighthouse 12 with its default
 * mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) on the public pages.
 * Prints, per page, the median of the runs: performance, accessibility and best-practices scores, FCP,
 * LCP, TBT, CLS and the bytes sent (JavaScript and in all).
 * The pages a patient opens from a message (a payment link, the return from paying, a quote to sign) are named by
 * their route (`/pagar/:token`, `/pago/:id`, `/pago/:id (pendiente)`, `/presupuesto/:token`) and made on the demo
 * first (web-links.ts).
 * Options: --runs N (3) --pages /,/agendar-cita (the eight below) --no-build --reports DIR (each run's
 *   Lighthouse report as JSON, to see where the time goes) --port N (the app on N and Chrome's debugging port on
 *   N + 1, instead of free ones)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { parseFlags } from '../src/server/cli/open';
import { LINK_PAGES, linkPages, type LinkPage } from './web-links';

const flags = parseFlags(process.argv.slice(2));
const RUNS = Number(flags.runs ?? 3);
const PAGES = String(
  flags.pages ?? ['/', '/agendar-cita', '/auth/login', '/terminos-y-condiciones', ...LINK_PAGES].join(','),
).split(',');
const isLinkPage = (page: string): page is LinkPage => (LINK_PAGES as readonly string[]).includes(page);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`El servidor no respondió en ${url}`);
}

interface Measure {
  performance: number;
  accessibility: number;
  'best-practices': number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One Lighthouse run; a run whose trace failed (it happens on a loaded machine) is tried again. */
async function measure(url: string, port: number, attempt = 1): Promise<Measure> {
  try {
    return await measureOnce(url, port);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.error(`  (repetido: ${error instanceof Error ? error.message : error})`);
    return measure(url, port, attempt + 1);
  }
}

async function measureOnce(url: string, port: number): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (flags.reports) {
    const dir = String(flags.reports);
    fs.mkdirSync(dir, { recursive: true });
    const slug = new URL(url).pathname.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'inicio';
    fs.writeFileSync(path.join(dir, `${slug}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  const score = (id: keyof typeof TARGETS) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    totalBytes: audit('total-byte-weight'),
  };
}

async function main() {
  const browser = chromiumPath();
  if (!browser) throw new Error('No se encontró Chromium (CHROME_PATH o /usr/bin/chromium).');
  if (!flags['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-web-'));
  const appPort = flags.port ? Number(flags.port) : await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: browser,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    ...(flags.port ? { port: appPort + 1 } : {}),
  });
  try {
    const base = `http://127.0.0.1:${appPort}`;
    await waitFor(`${base}/api/health`);
    const links = PAGES.some(isLinkPage) ? await linkPages(base, dataDir) : undefined;
    const addressOf = (page: string) => (isLinkPage(page) ? links![page] : page);
    await measure(`${base}/`, chrome.port); // warm-up: the first run pays for the server's first queries
    console.log(
      `Lighthouse ${RUNS}× por página (mediana), preset móvil; ${os.cpus().length} núcleos, carga ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      'página                    rend. acces. práct.    FCP     LCP    TBT    CLS   JS enviado  total enviado',
    );
    for (const page of PAGES) {
      const runs: Measure[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(`${base}${addressOf(page)}`, chrome.port));
      const m = Object.fromEntries(
        (Object.keys(runs[0]!) as (keyof Measure)[]).map((key) => [key, median(runs.map((r) => r[key]))]),
      ) as unknown as Measure;
      const missed = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((key) => m[key] < TARGETS[key]);
      console.log(
        [
          page.padEnd(24),
          String(m.performance).padStart(5),
          String(m.accessibility).padStart(6),
          String(m['best-practices']).padStart(6),
          `${(m.fcp / 1000).toFixed(1)} s`.padStart(7),
          `${(m.lcp / 1000).toFixed(1)} s`.padStart(7),
          `${Math.round(m.tbt)} ms`.padStart(6),
          m.cls.toFixed(3).padStart(6),
          `${(m.jsBytes / 1024).toFixed(1)} kB`.padStart(11),
          `${(m.totalBytes / 1024).toFixed(1)} kB`.padStart(14),
          missed.length ? `  bajo objetivo: ${missed.join(', ')}` : '',
        ].join(' '),
      );
      // Each run's score, TBT and LCP: the spread the median hides.
      const each = (pick: (run: Measure) => string) => runs.map(pick).join('/');
      console.log(
        `${''.padEnd(24)}   cada pasada: rend. ${each((r) => String(r.performance))} · TBT ${each((r) => String(Math.round(r.tbt)))} ms · LCP ${each((r) => (r.lcp / 1000).toFixed(1))} s`,
      );
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
