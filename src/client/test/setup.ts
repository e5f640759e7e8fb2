import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetClock } from '../lib/clock';
import './jsdom-speedups';

// The test files share their worker's modules and document (vitest.config.ts, `isolate: false`), and a module's
// top-level code runs once per worker, not once per file: what each test must start from is restored here, in
// the setup file, which runs before every file. After each test its screen is unmounted (no query of an earlier
// file fetches into the next), Mantine's store of notifications is emptied and the clock is the browser's again
// (`fixClock` stops it for one test).
afterEach(() => {
  cleanup();
  cleanNotifications();
  resetClock();
});
