// `npm test`: the whole suite — unit, component and API tests (Vitest), the production build with its
// size budgets (vite.config.ts: it fails past them), then the browser suite (Playwright on Debian's
// Chromium) when a Chromium is installed. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-test-'));
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
let exitCode = 0;

const vitestReport = path.join(tmp, 'vitest.json');
const extra = process.argv.slice(2);
exitCode ||= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...extra]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1;
}

const browser = chromiumPath();
// The build checks the size budgets; the browser suite runs against what it writes.
// Then the server's renderer of the public pages (`--ssr`), which the browser suite's server uses.
const buildCode =
  process.env.SKIP_E2E === '1'
    ? 0
    : run('npx', ['vite', 'build', '--logLevel', 'warn']) || run('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'entry-server.tsx']);
if (buildCode !== 0) {
  console.log('\nThe production build failed (a size budget exceeded is named above).');
  failed += 1;
  exitCode ||= buildCode;
}
if (process.env.SKIP_E2E === '1') {
  console.log('\nSKIP_E2E=1: browser suite not run.');
} else if (!browser) {
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
} else if (buildCode === 0) {
  const playwrightReport = path.join(tmp, 'playwright.json');
  const code = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
  exitCode ||= code;
  const playwright = readJson(playwrightReport);
  if (playwright) {
    passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected;
  } else {
    failed += 1;
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
