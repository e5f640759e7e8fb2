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

describe('clock.runAt', () => {
  afterEach(() => clock.freeze(null));

  it('stands at the instant for the work it runs, through its awaits, and nowhere else', async () => {
    clock.freeze('2027-01-04T09:00:00+01:00');

    const seen = await clock.runAt(new Date('2026-12-30T17:45:00+01:00'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await new Promise((resolve) => setImmediate(resolve));
      return [clock.now().toISOString(), clock.today('Europe/Madrid').toString()];
    });
    expect(seen).toEqual(['2026-12-30T16:45:00.000Z', '2026-12-30']);

    expect(clock.now().toISOString()).toBe('2027-01-04T08:00:00.000Z');
  });

  it('leaves concurrent work on the clock as it is', async () => {
    clock.freeze('2027-01-04T09:00:00+01:00');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inside = clock.runAt(Date.parse('2026-06-01T10:00:00Z'), async () => {
      await gate;
      return clock.now().toISOString();
    });
    expect(clock.now().toISOString()).toBe('2027-01-04T08:00:00.000Z');
    release();
    expect(await inside).toBe('2026-06-01T10:00:00.000Z');
  });
});
