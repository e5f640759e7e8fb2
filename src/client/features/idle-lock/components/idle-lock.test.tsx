import '../../../test/mantine-polyfills';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LOST_EVENT } from '../../../lib/api-client';
import { sessionEndReason } from '../../../lib/auth/session-end';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import type { IdleTimers } from '../idle-tracker';
import { IdleLock } from './idle-lock';

/** A clock the test moves by hand: timers run when it passes them, nobody sleeps. */
function manualTimers() {
  let now = 1_000_000;
  let seq = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: IdleTimers = {
    now: () => now,
    setTimeout: (run, ms) => {
      due.set(++seq, { at: now + ms, run });
      return seq;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  /** Moves the clock `ms` on, running each timer at its time, and lets the answers it awaited arrive. */
  const advance = async (ms: number) => {
    const target = now + ms;
    for (;;) {
      const next = [...due.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      due.delete(next[0]);
      now = next[1].at;
      await act(async () => next[1].run());
    }
    now = target;
    await act(async () => {});
  };
  return { timers, advance };
}

const MINUTE = 60_000;
const WARNING = 'Tu sesión se cerrará por inactividad en 1 minuto';
let remaining: number;
let calls: ApiCall[];

beforeEach(() => {
  remaining = 30 * 60;
  calls = stubApi(({ method }) => {
    if (method === 'POST') remaining = 30 * 60;
    return { status: 200, body: { idleTimeoutSeconds: 1800, remainingSeconds: remaining } };
  }).calls;
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((call) => call.method === 'POST').length;
const gets = () => calls.filter((call) => call.method === 'GET').length;

async function mount() {
  const clock = manualTimers();
  const view = renderScreen(<IdleLock timers={clock.timers} />);
  await clock.advance(0);
  return { ...clock, ...view };
}

describe('IdleLock', () => {
  it('shows nothing until the server’s last minute, then warns; «Seguir conectado» keeps the session (one keep-alive)', async () => {
    const { advance, user } = await mount();
    expect(gets()).toBe(1);
    remaining = 60;
    await advance(29 * MINUTE - 1);
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(gets()).toBe(1);

    await advance(1);
    expect(gets()).toBe(2);
    expect(await screen.findByRole('dialog', { name: WARNING })).toBeVisible();
    expect(posts()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Seguir conectado' }));
    await advance(0);
    expect(posts()).toBe(1);
    expect(screen.queryByRole('dialog', { name: WARNING })).toBeNull();
  });

  it('does not warn when another tab kept the session alive: it looks again when the server says', async () => {
    const { advance } = await mount();
    remaining = 25 * 60;
    await advance(29 * MINUTE);
    expect(gets()).toBe(2);
    expect(screen.queryByText(WARNING)).toBeNull();
    remaining = 60;
    await advance(24 * MINUTE);
    expect(gets()).toBe(3);
    expect(screen.getByRole('dialog', { name: WARNING })).toBeVisible();
  });

  it('turns mouse, keyboard and touch input into at most one keep-alive a minute, the last input included', async () => {
    const { advance } = await mount();
    fireEvent.keyDown(window, { key: 'a' });
    expect(posts()).toBe(1);
    await advance(10_000);
    fireEvent.pointerMove(window);
    fireEvent.touchStart(window);
    fireEvent.wheel(window);
    fireEvent.input(window);
    await advance(10_000);
    expect(posts()).toBe(1);
    // The input of the last minute is told at its end, so the server never locks early.
    await advance(40_000);
    expect(posts()).toBe(2);
    await advance(5 * MINUTE);
    expect(posts()).toBe(2);
  });

  it('each keep-alive says how long ago the last input was, so the server locks on time, not a minute late', async () => {
    const { advance } = await mount();
    fireEvent.keyDown(window, { key: 'a' });
    await advance(20_000);
    // The last input, 20 s after the keep-alive: the next one waits for the minute's end and says «40 s ago».
    fireEvent.pointerDown(window);
    await advance(40_000);
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toEqual([{ idleMs: 0 }, { idleMs: 40_000 }]);
  });

  it('background requests are not input: with none, the session ends; the app is told, and why', async () => {
    const lost = vi.fn();
    window.addEventListener(SESSION_LOST_EVENT, lost);
    const { advance } = await mount();
    remaining = 60;
    await advance(29 * MINUTE);
    expect(screen.getByRole('dialog', { name: WARNING })).toBeVisible();

    stubApi(() => ({
      status: 401,
      body: { error: { code: 'SESSION_IDLE', message: 'Tu sesión se ha cerrado tras un rato sin actividad.' } },
      headers: { 'x-session-ended': 'idle' },
    }));
    await advance(61_000);
    expect(screen.queryByRole('dialog', { name: WARNING })).toBeNull();
    expect(lost).toHaveBeenCalled();
    expect(sessionEndReason()).toBe('idle');
    window.removeEventListener(SESSION_LOST_EVENT, lost);
  });

  it('a session refused in its last minute ended for inactivity, even if another request was refused first; earlier, it was closed otherwise', async () => {
    const { advance } = await mount();
    remaining = 60;
    await advance(29 * MINUTE);
    expect(screen.getByRole('dialog', { name: WARNING })).toBeVisible();
    // The session refresh met the end first: this look gets a plain 401, without the header.
    stubApi(() => ({
      status: 401,
      body: { error: { code: 'NOT_AUTHENTICATED', message: 'No hay usuario autenticado' } },
    }));
    await advance(61_000);
    expect(sessionEndReason()).toBe('idle');

    cleanup();
    window.sessionStorage.clear();
    stubApi(() => ({ status: 200, body: { idleTimeoutSeconds: 1800, remainingSeconds: 1800 } }));
    const second = await mount();
    // Closed from another device with 20 minutes left: not «por inactividad».
    stubApi(() => ({
      status: 401,
      body: { error: { code: 'NOT_AUTHENTICATED', message: 'No hay usuario autenticado' } },
    }));
    fireEvent.keyDown(window, { key: 'a' });
    await second.advance(0);
    expect(sessionEndReason()).toBeNull();
  });
});
