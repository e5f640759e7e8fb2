import { useEffect, useState } from 'react';
import { setSchemaClock } from '../../common/now';

/**
 * The browser's one source of "now" (docs/architecture.md: one clock), as `src/server/platform/clock.ts` is the server's. Every
 * screen that asks what time it is asks `now()`: component tests fix it (`src/client/test/clock.ts`) instead
 * of depending on the day they run, and the browser suite moves it with Playwright's clock, which this reads
 * through `Date.now()`. Kept free of Temporal: the public pages' first load reads it (the footer's year).
 */
let source: () => number = () => Date.now();

/** Milliseconds since the epoch by the client's clock. */
export const now = (): number => source();

/** Points the clock at `nowMs` (tests); `resetClock` gives it back to the browser's. */
export function setClock(nowMs: () => number): void {
  source = nowMs;
}

export function resetClock(): void {
  source = () => Date.now();
}

/**
 * The year of the clock in `timeZone` (the public pages' footer). Here rather than in `./dates`, which
 * carries Temporal: every public page shows it on its first load.
 */
export const currentYearIn = (timeZone: string): number =>
  Number(new Intl.DateTimeFormat('es-ES', { timeZone, year: 'numeric' }).format(now()));

// The shared schemas' rules (a birth date not in the future) read the same clock in the browser.
setSchemaClock(() => now());

/** "Now", refreshed at each new minute of the clock so waiting times and the red line move on their own. */
export function useNowEveryMinute(): number {
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    let timer: number;
    const schedule = () => {
      timer = window.setTimeout(
        () => {
          setCurrent(now());
          schedule();
        },
        60_000 - (now() % 60_000) + 50,
      );
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, []);
  return current;
}
