// `npm test`: the whole suite in two lanes that run at the same time on a machine of two or more cores:
//   1. the unit, component and API tests (Vitest);
//   2. the production build with its size budgets (vite.config.ts: it fails past them), then the browser suite
//      (Playwright on Debian's Chromium) when a Chromium is installed;
//   and, when TEST_POSTGRES_URL names a PostgreSQL server (as `.ci/run` does), the API suite again on it and the
//   load and fault tests (resilience), each on the first lane that is free.
// Prints each stage's time, then a table and one summary line.
//
//   TEST_SERIAL=1        the lanes one after the other (to measure each stage alone, or on one core)
//   SKIP_E2E=1           no build and no browser suite
//   TEST_POSTGRES_URL    also the PostgreSQL pass and the resilience tests
//   TEST_CHECKS=1        lint and type-check first in the first lane (`.ci/run`): the browser lane, the longer,
//                        starts at once instead of after them
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { splitServerTests } from './database-tests.mjs';
import { printSummary, runLanes } from './stages.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-test-'));
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const serial = process.env.TEST_SERIAL === '1' || os.availableParallelism() < 2;
const postgresUrl = process.env.TEST_POSTGRES_URL;
const shown = postgresUrl?.replace(/\/\/[^@/]*@/, '//…@');
const extra = process.argv.slice(2);

const vitestReport = path.join(tmp, 'vitest.json');
const vitest = {
  name: 'unit, component and API tests (Vitest)',
  command: 'npx',
  // Beside the browser lane, one worker: the browser suite keeps a core (its timeouts are for a busy machine,
  // not for one where two test workers take both cores).
  args: [
    'vitest',
    'run',
    ...(serial ? [] : ['--maxWorkers=1']),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
    ...extra,
  ],
};
// One file at a time: the 100-way races each hold a pool of 20 connections on the shared server. Only the files that
// use the test database (scripts/database-tests.mjs): the others run just as in the first pass.
const { database: databaseTests, pure: pureTests } = postgresUrl
  ? splitServerTests(process.cwd())
  : { database: [], pure: [] };
const postgres = {
  name: `API suite on PostgreSQL (${shown}; the ${databaseTests.length} files with a database, not the ${pureTests.length} without)`,
  command: 'npx',
  args: ['vitest', 'run', '--project', 'server', '--maxWorkers=1', ...databaseTests],
  env: { TEST_DATABASE_URL: postgresUrl },
};
// Two server processes under load and kill -9; it proves counts (no lost, doubled or overlapping writes), not
// latencies, so it may share the machine with the browser lane.
const resilience = {
  name: 'load and fault tests (resilience)',
  command: 'npm',
  args: ['run', 'test:resilience'],
  env: { RESILIENCE_DATABASE_URL: postgresUrl, RESILIENCE_SECONDS: process.env.RESILIENCE_SECONDS ?? '60' },
};

const skipE2E = process.env.SKIP_E2E === '1';
const browser = chromiumPath();
// The build checks the size budgets; the browser suite runs against what it writes, and its server uses
// the renderer of the public pages (`--ssr`).
const build = skipE2E
  ? { name: 'build', skipped: 'SKIP_E2E=1' }
  : {
      name: 'build (with its size budgets)',
      command: 'sh',
      args: [
        '-c',
        'npx vite build --configLoader runner --logLevel warn && npx vite build --configLoader runner --logLevel warn --ssr entry-server.tsx',
      ],
    };
const playwrightReport = path.join(tmp, 'playwright.json');
const suite = 'browser suite (Playwright)';
const browserSuite = skipE2E
  ? { name: suite, skipped: 'SKIP_E2E=1' }
  : !browser
    ? { name: suite, skipped: 'no Chromium' }
    : {
        name: suite,
        command: 'npx',
        args: ['playwright', 'test', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      };
if (!skipE2E && !browser) {
  console.log(
    [
      '',
      '*****************************************************************************',
      '*  BROWSER SUITE SKIPPED: no Chromium found (CHROME_PATH or /usr/bin/chromium).',
      '*  Install it with:  sudo apt-get install -y chromium   and run npm test again.',
      '*****************************************************************************',
      '',
    ].join('\n'),
  );
}

const checks =
  process.env.TEST_CHECKS === '1'
    ? [
        { name: 'lint', command: 'npm', args: ['run', 'lint'] },
        { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
      ]
    : [];
const lanes = [
  [...checks, vitest],
  [build, browserSuite],
];
// The PostgreSQL pass and the load and fault tests need no other stage: each goes to the first lane that is free.
const shared = postgresUrl ? [postgres, resilience] : [];
const rows = serial
  ? [...(await runLanes([lanes[0]])), ...(await runLanes([lanes[1]], shared))]
  : await runLanes(lanes, shared);

let passed = 0;
let failed = 0;
const vitestResult = readJson(vitestReport);
if (vitestResult) {
  passed += vitestResult.numPassedTests;
  failed += vitestResult.numFailedTests;
} else {
  failed += 1;
}
const playwright = readJson(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected;
} else if (browserSuite.command) {
  failed += 1;
}

fs.rmSync(tmp, { recursive: true, force: true });
printSummary(`npm test, by stage (${serial ? 'one lane after the other' : 'the two lanes at the same time'}):`, rows);
console.log(
  `tests: ${passed} passed, ${failed} failed (Vitest and Playwright; the PostgreSQL and resilience passes as their stages say)`,
);
const failedStage = rows.find((row) => row.code);
process.exit(failedStage ? failedStage.code : failed > 0 ? 1 : 0);
