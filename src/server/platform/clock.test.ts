import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from './clock';

describe('clock.startAt', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clock.freeze(null);
  });

  it('runs from the instant at the real time it was read, not from when the server got round to it', () => {
    const realStart = Date.parse('2026-11-26T10:00:00Z');
    // The server finished starting 7 s after the runner wrote down CLOCK_START.
    vi.spyOn(Date, 'now').mockReturnValue(realStart + 7_000);
    clock.startAt('2026-01-12T09:00:00+01:00', realStart);
    expect(clock.now().toISOString()).toBe('2026-01-12T08:00:07.000Z');
  });

  it('without a reference, starts at the instant now and runs at the real pace', () => {
    const real = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-26T10:00:00Z'));
    clock.startAt('2026-01-14T19:30:00+01:00');
    real.mockReturnValue(Date.parse('2026-11-26T10:01:30Z'));
    expect(clock.now().toISOString()).toBe('2026-01-14T18:31:30.000Z');
  });
});
