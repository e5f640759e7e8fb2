import { setClock } from '../lib/clock';

/**
 * Stops the client's clock at `instant` (an ISO string) for the rest of the test: every `now()`, "today"
 * and waiting time on the screen reads it. The clock goes back to the browser's after each test (setup.ts).
 */
export function fixClock(instant: string): void {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) throw new Error(`fixClock: not an instant: ${instant}`);
  setClock(() => at);
}
