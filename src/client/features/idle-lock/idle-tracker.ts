import { IDLE_WARNING_SECONDS, KEEP_ALIVE_EVERY_MS } from '../../../common/idle';
import type { IdleState } from '../../../common/schemas/sessions';
import { ApiError } from '../../lib/api-client';
import { markSessionEnded } from '../../lib/auth/session-end';
import { now } from '../../lib/clock';

/** The timers the tracker uses: the client's clock and the browser's timers by default, fake ones in tests (nobody sleeps). */
export interface IdleTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: IdleTimers = {
  now: () => now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export type IdlePhase = 'active' | 'warning' | 'locked';

export interface IdleTrackerOptions {
  timers: IdleTimers;
  /** `GET /api/me/activity`: the server's idle clock, read without counting as activity. */
  readState(): Promise<IdleState>;
  /** `POST /api/me/activity`: the person was here `idleMs` ago; the server's clock starts again from then. */
  keepAlive(idleMs: number): Promise<IdleState>;
  onPhase(phase: IdlePhase): void;
}

/**
 * At most one keep-alive a minute while the person works; each says how long ago her last input was, so the
 * server locks on time after the last input (not a minute late, after the throttled request).
 */
export { KEEP_ALIVE_EVERY_MS };

/**
 * The client side of the idle lock. The server decides (its clock, the session's `active_at`); this
 * schedules a look at the server a minute before the end and shows the warning only if the server agrees
 * (another tab may have kept the session alive), and turns the person's input into a throttled keep-alive.
 * Background requests (polling, live events, queries) never call `keepAlive`, so they never count.
 */
export function createIdleTracker({ timers, readState, keepAlive, onPhase }: IdleTrackerOptions) {
  let timer: unknown;
  let trailing: unknown;
  let lastSent = Number.NEGATIVE_INFINITY;
  let lastInput = Number.NEGATIVE_INFINITY;
  let pendingInput = false;
  let phase: IdlePhase = 'active';
  let stopped = false;

  const setPhase = (next: IdlePhase) => {
    if (next === phase) return;
    phase = next;
    onPhase(next);
  };
  const at = (ms: number, run: () => void) => {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(run, Math.max(0, ms));
  };

  /** Follows what the server says: the warning within its last minute, a new look when it may end. */
  const follow = (state: IdleState) => {
    if (stopped || state.remainingSeconds === null) return;
    const remainingMs = state.remainingSeconds * 1000;
    if (remainingMs > IDLE_WARNING_SECONDS * 1000) {
      setPhase('active');
      at(remainingMs - IDLE_WARNING_SECONDS * 1000, () => void look());
    } else {
      setPhase('warning');
      // One look just after the end: the server then ends the session (401) and the app signs out.
      at(remainingMs + 1000, () => void look());
    }
  };

  const ended = (error: unknown) => error instanceof ApiError && error.status === 401;
  const lock = () => {
    // Refused within the last minute: the idle time ran out (whichever request the server refused first).
    // Refused earlier, the session was closed some other way («Cerrar» on another device, an admin).
    if (phase === 'warning') markSessionEnded('idle');
    setPhase('locked');
    stop();
  };
  const stop = () => {
    stopped = true;
    timers.clearTimeout(timer);
    timers.clearTimeout(trailing);
  };

  const look = async () => {
    try {
      follow(await readState());
    } catch (error) {
      // A 401: the server ended the session (the API client told the app, which signs out). Offline: look again soon.
      if (ended(error)) lock();
      else if (!stopped) at(10_000, () => void look());
    }
  };

  let inFlight: Promise<void> = Promise.resolve();
  /** Tells the server of the input; `late` for the trailing one, which says how long ago the last input was. */
  const send = (late = false) => {
    pendingInput = false;
    timers.clearTimeout(trailing);
    lastSent = timers.now();
    const idleMs = late ? Math.min(KEEP_ALIVE_EVERY_MS, Math.max(0, Math.round(lastSent - lastInput))) : 0;
    inFlight = keepAlive(idleMs).then(follow, (error: unknown) => {
      if (ended(error)) lock();
      // Not heard: the next input tries again.
      else lastSent = Number.NEGATIVE_INFINITY;
    });
    return inFlight;
  };

  return {
    start() {
      void look();
    },
    /** A mouse, keyboard or touch input on the page. */
    input() {
      if (stopped) return;
      lastInput = timers.now();
      const since = timers.now() - lastSent;
      if (since >= KEEP_ALIVE_EVERY_MS) {
        void send();
        return;
      }
      if (pendingInput) return;
      pendingInput = true;
      trailing = timers.setTimeout(() => void send(true), KEEP_ALIVE_EVERY_MS - since);
    },
    /** «Seguir conectado»: at once, whatever the throttle (the press that brought the pointer or key there already counted). */
    stayConnected() {
      return timers.now() - lastSent < 1000 ? inFlight : send();
    },
    stop,
  };
}

export type IdleTracker = ReturnType<typeof createIdleTracker>;
