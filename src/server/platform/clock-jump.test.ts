import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clock } from './clock';
import { CLOCK_JUMP_FILE, clockJumpEnabled, installClockJump, jumpClockFromFile } from './clock-jump';
import { loadConfig } from './config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-clock-jump-'));
const jumpFile = path.join(dataDir, CLOCK_JUMP_FILE);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
afterEach(() => clock.freeze(null));

const configFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('moving a test server’s clock forward (SIGUSR2 and DATA_DIR/clock-jump-ms)', () => {
  it('is off in production even with CLOCK_START, and off without CLOCK_START', () => {
    const production = configFor({ NODE_ENV: 'production', CLOCK_START: '2026-01-12T09:00:00+01:00' });
    expect(clockJumpEnabled(production)).toBe(false);
    expect(clockJumpEnabled({ env: 'production', clockStart: '2026-01-12T09:00:00+01:00' })).toBe(false);
    expect(clockJumpEnabled(configFor({ NODE_ENV: 'test' }))).toBe(false);

    // A production server does not even listen: the signal and the file change nothing.
    const signals = new EventEmitter();
    clock.freeze('2026-01-12T09:00:00+01:00');
    expect(installClockJump(production, signals as unknown as NodeJS.Process)).toBe(false);
    expect(signals.listenerCount('SIGUSR2')).toBe(0);
    fs.writeFileSync(jumpFile, String(3_600_000));
    signals.emit('SIGUSR2');
    expect(clock.now().toISOString()).toBe('2026-01-12T08:00:00.000Z');
    fs.rmSync(jumpFile);
  });

  it('on a test server, each SIGUSR2 moves the clock by the amount written, once, and removes the file', () => {
    const config = configFor({ NODE_ENV: 'test', CLOCK_START: '2026-01-12T09:00:00+01:00' });
    const signals = new EventEmitter();
    const logged: string[] = [];
    expect(installClockJump(config, signals as unknown as NodeJS.Process, (line) => logged.push(line))).toBe(true);
    clock.freeze('2026-01-12T09:00:00+01:00');

    fs.writeFileSync(jumpFile, `${26 * 3_600_000}\n`);
    signals.emit('SIGUSR2');
    expect(clock.now().toISOString()).toBe('2026-01-13T10:00:00.000Z');
    expect(fs.existsSync(jumpFile)).toBe(false);
    expect(logged).toEqual(['[reloj de prueba] adelantado 93600000 ms: ahora 2026-01-13T10:00:00.000Z']);

    // A second signal without a new file does not move it again.
    signals.emit('SIGUSR2');
    expect(clock.now().toISOString()).toBe('2026-01-13T10:00:00.000Z');
  });

  it('ignores (and removes) what is not a whole positive number of at most a year', () => {
    clock.freeze('2026-01-12T09:00:00+01:00');
    for (const text of ['-3600000', 'una hora', '1.5', '0', String(400 * 86_400_000)]) {
      fs.writeFileSync(jumpFile, text);
      expect(jumpClockFromFile(dataDir)).toBe(0);
      expect(fs.existsSync(jumpFile)).toBe(false);
    }
    expect(jumpClockFromFile(dataDir)).toBe(0);
    expect(clock.now().toISOString()).toBe('2026-01-12T08:00:00.000Z');
  });
});
