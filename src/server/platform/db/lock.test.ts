import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { DirectoryLockedError } from './lock';

const clientModule = fileURLToPath(new URL('./client.ts', import.meta.url));
const projectRoot = path.resolve(path.dirname(clientModule), '../../..');

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  // In reverse order (close before removing the directory); every one runs even if another fails.
  let failure: unknown;
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-lock-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Another process that opens the PGlite database of `dataDir` and keeps it open. */
async function holdDatabaseInChild(dataDir: string): Promise<ChildProcess> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(clientModule)});
    await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
    console.log('ABIERTA');
    setInterval(() => {}, 1 << 30);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child did not open the database:\n${stderr}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ABIERTA')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the child exited (${code}) before opening the database:\n${stderr}`));
    });
  });
  return child;
}

/** Opens `dataDir`, closing it after the test unless the test closed it itself. */
async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await database.close();
  };
  cleanups.push(close);
  return { ...database, close };
}

// Each test starts PGlite (and one a second Node process): give them room on a busy machine.
describe('PGlite data directory lock', { timeout: 150_000 }, () => {
  it('refuses a directory another process has open, and takes it over once that process is gone', async () => {
    const dataDir = tempDataDir();
    const child = await holdDatabaseInChild(dataDir);
    const lockFile = path.join(dataDir, 'clinica.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(child.pid));

    const refused = openDatabase({ kind: 'pglite', dataDir });
    await expect(refused).rejects.toBeInstanceOf(DirectoryLockedError);
    await expect(refused).rejects.toThrow(/ya está abierta por otro proceso/);
    await expect(refused).rejects.toThrow(`PID ${child.pid}`);
    // The refusal left the other process's lock alone.
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(child.pid));

    // A crash (SIGKILL: no exit handler runs) leaves a stale lock behind…
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(child.pid));

    // …which the next start takes over, and the data the child wrote is there.
    const database = await open(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    const result = await database.db.execute<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_name = 'accounts'",
    );
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);

    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  // Linux only: a zombie is told from a live process by its state in /proc/<pid>/stat.
  it.skipIf(!fs.existsSync('/proc/self/stat'))(
    'takes over the lock of a process that died but is not reaped yet (a zombie)',
    async () => {
      // A real zombie: the shell starts a short child, then becomes `sleep`, which never reaps it. The child
      // outlives the shell's own turn (0.3 s), or the shell could reap it before the exec.
      const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
      cleanups.push(() => parent.kill('SIGKILL'));
      const zombiePid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())),
        ),
      );
      const stateOf = () => fs.readFileSync(`/proc/${zombiePid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
      const deadline = Date.now() + 10_000;
      while (stateOf() !== 'Z' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stateOf()).toBe('Z');
      // What `kill -9` of a server leaves while its supervisor has not collected it yet.
      process.kill(zombiePid, 0);

      const dataDir = tempDataDir();
      const lockFile = path.join(dataDir, 'clinica.lock');
      fs.writeFileSync(lockFile, String(zombiePid));
      await open(dataDir);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    },
  );

  it('refuses a lock that holds the PID of this very process', async () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, 'clinica.lock');
    fs.writeFileSync(lockFile, String(process.pid));
    const refused = openDatabase({ kind: 'pglite', dataDir });
    await expect(refused).rejects.toBeInstanceOf(DirectoryLockedError);
    await expect(refused).rejects.toThrow(/ya está abierta en este proceso/);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
  });

  it('refuses to open the same directory twice in one process, and frees it on close', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DirectoryLockedError);
    } finally {
      await first.close();
    }
    const again = await open(dataDir);
    expect(again.kind).toBe('pglite');
  });
});
