import fs from 'node:fs';
import path from 'node:path';
import { clock } from './clock';
import type { Config } from './config';
import { durationMs } from './dates';

/** The file under DATA_DIR in which a test writes how far to move the clock (milliseconds, a whole number). */
export const CLOCK_JUMP_FILE = 'clock-jump-ms';
/** Never more than a year at once: a typo must not throw the clinic decades ahead. */
const MAX_JUMP_MS = durationMs({ days: 366 });

/**
 * Whether a running server's clock may be moved forward: only a test server, one started at CLOCK_START (which
 * the configuration drops in production) outside production. The browser suite's clocks run in real time from
 * CLOCK_START, so a spec cannot wait for a reminder due a day later: it writes the amount in CLOCK_JUMP_FILE
 * and sends the process SIGUSR2 (no HTTP route can do it).
 */
export function clockJumpEnabled(config: Pick<Config, 'env' | 'clockStart'>): boolean {
  return config.env !== 'production' && Boolean(config.clockStart);
}

/**
 * Moves the clock forward by the amount in DATA_DIR/CLOCK_JUMP_FILE and removes the file (its removal tells the
 * test the jump is done). Answers the milliseconds moved: 0 without a file or with one that is not a whole
 * positive number of at most a year (removed too, and the clock left alone).
 */
export function jumpClockFromFile(dataDir: string): number {
  const file = path.join(dataDir, CLOCK_JUMP_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return 0;
  }
  fs.rmSync(file, { force: true });
  const ms = /^\d{1,12}$/.test(text) ? Number(text) : 0;
  if (ms <= 0 || ms > MAX_JUMP_MS) return 0;
  clock.advance(ms);
  return ms;
}

/** Listens for SIGUSR2 on a test server (`clockJumpEnabled`); answers whether it does. */
export function installClockJump(
  config: Pick<Config, 'env' | 'clockStart' | 'dataDir'>,
  target: Pick<NodeJS.Process, 'on'> = process,
  log: (message: string) => void = (message) => console.warn(message),
): boolean {
  if (!clockJumpEnabled(config)) return false;
  target.on('SIGUSR2', () => {
    const ms = jumpClockFromFile(config.dataDir);
    if (ms > 0) log(`[reloj de prueba] adelantado ${ms} ms: ahora ${clock.now().toISOString()}`);
  });
  return true;
}
