/**
 * "Now" for the rules the shared schemas check (a birth date not in the future, an appointment within a
 * few years of today). In the browser it is the browser's time; the server points it at its one clock
 * (`src/server/platform/clock.ts`), so a test that freezes the clock freezes these rules too.
 */
let source: () => number = () => Date.now();

export function schemaNowMs(): number {
  return source();
}

/** Called once by the server's clock module. */
export function setSchemaClock(nowMs: () => number): void {
  source = nowMs;
}
