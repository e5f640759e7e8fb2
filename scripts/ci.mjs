// `.ci/run`: CI on a clean checkout of this two-core machine — installs what it lacks (Chromium, xmllint, openssl,
// Caddy and certutil), then `npm test` with the PostgreSQL server named, which runs its two lanes at the same time: lint → type-check →
// Vitest, beside the build → the browser suite; the API suite on PostgreSQL and the load and fault
// tests each go to the first lane that is free (docs/performance.md has the measured times). Prints each stage's time and tables at the end; any failing stage
// fails the run.
//
//   CI_PARALLEL=0     every stage alone, one after another (to measure them, or on one core)
//   CI_SKIP_INSTALL=1 no `npm ci` (node_modules already installed, e.g. a shared checkout)
//   CI_KEEP_GOING=1   after a failing group, run the rest anyway (default: stop)
//   CI_POSTGRES_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';
import { printSummary, runParallel, runStage } from './stages.mjs';

const PG_URL = process.env.CI_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const parallel = process.env.CI_PARALLEL !== '0';
const keepGoing = process.env.CI_KEEP_GOING === '1';

/** A shell command with the output shown; answers its exit code. */
const sh = (command) =>
  new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });

/** libxml2's xmllint, which the VERI*FACTU tests validate the AEAT's XML with. */
const hasXmllint = () => spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
/** The openssl command, which makes the certificates of the VERI*FACTU sending tests' local AEAT service. */
const hasOpenssl = () => spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
/** Debian's Caddy, the HTTPS proxy e2e/https-proxy.spec.ts puts in front of the app (docs/deploy.md). */
const hasCaddy = () => spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
/** NSS's certutil, with which that spec makes Chromium trust Caddy's own CA. */
const hasCertutil = () => !spawnSync('certutil', ['-H'], { stdio: 'ignore' }).error;

const install = {
  name: 'install (Chromium, xmllint, openssl, Caddy and certutil if missing, npm ci)',
  async run() {
    const missing = [];
    if (!chromiumPath()) missing.push('chromium');
    if (!hasXmllint()) missing.push('libxml2-utils');
    if (!hasOpenssl()) missing.push('openssl');
    if (!hasCaddy()) missing.push('caddy');
    if (!hasCertutil()) missing.push('libnss3-tools');
    if (missing.length > 0) {
      console.log(
        `Installing ${missing.join(', ')} from Debian (browser suite, VERI*FACTU schema checks and test certificates, HTTPS through Caddy)…`,
      );
      const code = await sh(
        `export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`,
      );
      if (code !== 0) return code;
    }
    if (process.env.CI_SKIP_INSTALL === '1') {
      console.log('CI_SKIP_INSTALL=1: npm ci not run, node_modules used as it is.');
      return 0;
    }
    return sh('npm ci --no-audit --no-fund');
  },
};
// `npm test` itself (scripts/test.mjs), told where PostgreSQL is and to lint and type-check first in its first lane:
// lint → type-check → Vitest, beside the build and the browser suite (whose live-diary spec also uses
// PostgreSQL); then the API suite on PostgreSQL and the load and fault tests, each on the first free lane.
const test = {
  name: 'npm test (lint → type-check → Vitest  ∥  build → browser suite; then PostgreSQL pass, resilience)',
  command: 'npm',
  args: ['test'],
  env: {
    TEST_POSTGRES_URL: PG_URL,
    E2E_DATABASE_URL: PG_URL,
    TEST_CHECKS: '1',
    ...(parallel ? {} : { TEST_SERIAL: '1' }),
  },
};

const GROUPS = [[install], [test]];
const groups = parallel ? GROUPS : GROUPS.flat().map((stage) => [stage]);

console.log(
  `CI: ${groups.map((group) => group.map((stage) => stage.name).join(' ∥ ')).join(' → ')}${parallel ? '' : ' (CI_PARALLEL=0: one at a time)'}`,
);
const rows = [];
let failedAt;
for (const [index, group] of groups.entries()) {
  if (failedAt && !keepGoing) {
    for (const stage of group) rows.push({ group: index + 1, name: stage.name, skipped: `${failedAt} failed` });
    continue;
  }
  const results = group.length > 1 ? await runParallel(group) : [await runStage(group[0])];
  for (const result of results) {
    rows.push({ group: index + 1, ...result });
    if (result.code !== 0) failedAt ??= result.name;
  }
}
printSummary("CI, by stage (a group's stages ran at the same time):", rows);
const failed = rows.filter((row) => row.code);
if (failed.length > 0) console.log(`CI FAILED: ${failed.map((row) => row.name).join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
