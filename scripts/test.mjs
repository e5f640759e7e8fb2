// `npm test`: the whole suite — unit, component and API tests (Vitest), the production build with its
// size budgets (vite.config.ts: it fails past them), then the browser suite (Playwright on Debian's
// Chromium) when a Chromium is installed. Prints each stage's time, then a table and one summary line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { printSummary, runStage } from './stages.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-test-'));
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
const rows = [];

const vitestReport = path.join(tmp, 'vitest.json');
const extra = process.argv.slice(2);
rows.push(
  await runStage({
    name: 'unit, component and API tests (Vitest)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...extra],
  }),
);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1;
}

const browser = chromiumPath();
const skipE2E = process.env.SKIP_E2E === '1';
// The build checks the size budgets; the browser suite runs against what it writes, and its server uses
// the renderer of the public pages (`--ssr`).
const BUILD = 'npx vite build --logLevel warn && npx vite build --logLevel warn --ssr entry-server.tsx';
const build = skipE2E
  ? { name: 'build', skipped: 'SKIP_E2E=1' }
  : await runStage({ name: 'build (with its size budgets)', command: 'sh', args: ['-c', BUILD] });
rows.push(build);
if (build.code) {
  console.log('\nThe production build failed (a size budget exceeded is named above).');
  failed += 1;
}

const suite = 'browser suite (Playwright)';
if (skipE2E) {
  console.log('\nSKIP_E2E=1: browser suite not run.');
  rows.push({ name: suite, skipped: 'SKIP_E2E=1' });
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
  rows.push({ name: suite, skipped: 'no Chromium' });
} else if (build.code) {
  rows.push({ name: suite, skipped: 'the build failed' });
} else {
  const playwrightReport = path.join(tmp, 'playwright.json');
  rows.push(
    await runStage({
      name: suite,
      command: 'npx',
      args: ['playwright', 'test', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    }),
  );
  const playwright = readJson(playwrightReport);
  if (playwright) {
    passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected;
  } else {
    failed += 1;
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
printSummary('npm test, by stage:', rows);
console.log(`tests: ${passed} passed, ${failed} failed`);
const exitCode = rows.find((row) => row.code)?.code;
process.exit(exitCode || (failed > 0 ? 1 : 0));
