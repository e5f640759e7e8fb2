import { execFile } from 'node:child_process';
import { transact } from '../db/transaction';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { acquireDirectoryLock } from '../db/lock';
import { createAccountWithProfile } from '../../identity/auth/accounts';
import { createRepositories } from '../../repositories';
import { databaseFileStore } from '../../clinical/files/store';
import { writeBackup } from './dump';
import { verifyBackup, type BackupManifest } from './format';

/** `npm run backup` and `npm run restore` as a user runs them: separate processes on a data directory. */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
let dir: string;

async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'production', ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let source: string;
let sourceManifest: BackupManifest;

/** The manifest of a backup the CLI wrote (it prints the file's path). */
async function manifestOf(file: string) {
  return verifyBackup(file);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-cli-'));
  // The source is made in-process (in memory, fast); the CLI restores it and backs up what it restored.
  const database = await openDatabase({ kind: 'pglite' });
  const repos = createRepositories(database.db);
  const { account } = await createAccountWithProfile(database.db, repos.auth, {
    email: 'ana@clinica.es',
    password: 'una-clave-segura-1',
    displayName: 'Ana',
    role: 'admin',
  });
  await transact(database.db, async (tx) => {
    const id = crypto.randomUUID();
    await repos.files.create(
      {
        id,
        patientId: null,
        type: 'otros',
        name: 'a.pdf',
        description: '',
        mime: 'application/pdf',
        size: 3,
        visibleToPatient: false,
        uploadedBy: account.id,
        createdAt: new Date('2026-03-02T08:00:00Z'),
      },
      tx,
    );
    await databaseFileStore(tx).save(id, Buffer.from([1, 2, 3]), tx);
  });
  source = path.join(dir, 'origen.jsonl.gz');
  sourceManifest = await writeBackup(database.db, source, 'pglite');
  await database.close();
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run restore and npm run backup', () => {
  it('restore a backup into an embedded database and back it up again to the same rows, refusing while a server holds it', async () => {
    const target = path.join(dir, 'destino');
    // A running server holds the directory's lock: the tool says so and changes nothing.
    fs.mkdirSync(target);
    const lock = acquireDirectoryLock(target);
    const refused = await cli('restore', [source], { DATA_DIR: target });
    lock.release();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `La base de datos de ${target} ya está abierta por otro proceso (PID ${process.pid}).`,
    );
    expect(refused.stderr).toContain('detén el servidor de Clínica y repite la orden');
    expect(fs.readdirSync(target)).toEqual([]);

    const restored = await cli('restore', [source], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain(`Copia origen.jsonl.gz restaurada en ${target}.`);

    const backup = await cli('backup', ['--out', path.join(dir, 'copias')], { DATA_DIR: target });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      /^Copia de seguridad de .*destino guardada en .*copias\/clinica-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz\n/,
    );
    const [name] = fs.readdirSync(path.join(dir, 'copias'));
    const again = await manifestOf(path.join(dir, 'copias', name!));
    // The same rows in the same order: the same checksum.
    expect({ tables: again.tables, sha256: again.sha256 }).toEqual({
      tables: sourceManifest.tables,
      sha256: sourceManifest.sha256,
    });
  }, 180_000);

  // Runs in the PostgreSQL pass of `.ci/run` (TEST_DATABASE_URL); without a PostgreSQL server there is nothing to restore into.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'restore into PostgreSQL and back it up again to the same rows, not while a server is connected',
    async () => {
      const name = `wt_backup_cli_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        // A running server always holds its LISTEN connection; the pool's idle ones close after 10 s, which a loaded
        // machine's start of the CLI outlasted (the restore then found no server and went ahead).
        await server.listen('backup_cli_test', () => undefined);
        await server.listening();
        const refused = await cli('restore', [source], { DATABASE_URL: url.toString() });
        await server.close();
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          /Hay un servidor de Clínica conectado a la base de datos wt_backup_cli_\d+ de 127\.0\.0\.1 \(\d+ conexiones\): detenlo antes de restaurar\./,
        );

        const restored = await cli('restore', [source], { DATABASE_URL: url.toString() });
        expect(restored.stderr).toBe('');
        const file = path.join(dir, 'de-postgres.jsonl.gz');
        const backup = await cli('backup', ['--out', file], { DATABASE_URL: url.toString() });
        expect(backup.stderr).toBe('');
        const again = await manifestOf(file);
        expect(again.source).toBe('postgres');
        expect(again.tables).toEqual(sourceManifest.tables);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    180_000,
  );
});
