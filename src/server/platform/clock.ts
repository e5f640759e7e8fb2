import { AsyncLocalStorage } from 'node:async_hooks';
import { Temporal } from 'temporal-polyfill';
import { setSchemaClock } from '../../common/now';

/**
 * The server's one source of "now" (docs/architecture.md: one clock). Every rule that depends on the time of day reads
 * it here, so a test fixes the clock instead of taking a different path depending on when it runs.
 * `CLOCK_START` (an ISO instant, outside production) starts the clock there and lets it run from it:
 * the browser suite uses it to run the server on a known weekday and hour.
 */
let offsetMs = 0;
let frozenAt: number | null = null;
/** The instant `clock.runAt` set for the work it runs, seen only by that work (its async calls included). */
const runningAt = new AsyncLocalStorage<number>();

export const clock = {
  /** Milliseconds since the epoch, as `Date.now()` would answer. */
  nowMs(): number {
    return runningAt.getStore() ?? frozenAt ?? Date.now() + offsetMs;
  },
  now(): Date {
    return new Date(clock.nowMs());
  },
  /** Today's date in `timeZone` by this clock (what `Temporal.Now.plainDateISO` answers by the real one). */
  today(timeZone: string): Temporal.PlainDate {
    return Temporal.Instant.fromEpochMilliseconds(clock.nowMs()).toZonedDateTimeISO(timeZone).toPlainDate();
  },
  /** Stops the clock at `instant` (tests); `null` lets it run again from the real time. */
  freeze(instant: Date | string | null): void {
    frozenAt = instant === null ? null : new Date(instant).getTime();
    if (instant === null) offsetMs = 0;
  },
  /** The clock runs at the real pace from `instant`, which it read at the real time `realMs` (now by default). */
  startAt(instant: Date | string, realMs = Date.now()): void {
    frozenAt = null;
    offsetMs = new Date(instant).getTime() - realMs;
  },
  /**
   * Runs `work` with the clock standing at `instant` for it alone: the demo's seed issues the invoices and takes the
   * payments of past visits at the moments they happened, through the same services the desk uses. Whatever else
   * runs meanwhile keeps reading the clock as it is.
   */
  runAt<T>(instant: Date | number, work: () => Promise<T>): Promise<T> {
    return runningAt.run(new Date(instant).getTime(), work);
  },
  /** Moves a frozen or running clock forward (tests of windows and expiries). */
  advance(ms: number): void {
    if (frozenAt !== null) frozenAt += ms;
    else offsetMs += ms;
  },
};

// The shared schemas' rules (a birth date not in the future, appointments within a few years) read the same clock.
setSchemaClock(() => clock.nowMs());
