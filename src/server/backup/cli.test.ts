import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { acquireDirectoryLock } from '../db/lock';
import { createAccountWithProfile } from '../modules/auth/accounts';
import { createRepositories } from '../repositories';
import { databaseFileStore } from '../modules/files/store';

/** `npm run backup` and `npm run restore` as a user runs them: separate processes on a data directory. */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
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

async function snapshot(db: Db) {
  const { rows } = (await db.execute(
    sql`SELECT (SELECT email FROM accounts) AS email, (SELECT string_agg(encode(data, 'hex'), '' ORDER BY seq) FROM patient_file_chunks) AS file`,
  )) as unknown as { rows: { email: string; file: string }[] };
  return rows[0]!;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-cli-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'origen') });
  const repos = createRepositories(database.db);
  const { account } = await createAccountWithProfile(database.db, repos.auth, { email: 'ana@clinica.es', password: 'una-clave-segura-1', displayName: 'Ana', role: 'admin' });
  await database.db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    await repos.files.create({ id, patientId: null, type: 'otros', name: 'a.pdf', description: '', mime: 'application/pdf', size: 3, visibleToPatient: false, uploadedBy: account.id, createdAt: new Date('2026-03-02T08:00:00Z') }, tx);
    await databaseFileStore(tx).save(id, Buffer.from([1, 2, 3]), tx);
  });
  await database.close();
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('copy an embedded database into a file and back into another data directory, refusing while it is open', async () => {
    const backup = await cli('backup', ['--out', path.join(dir, 'copias')], { DATA_DIR: path.join(dir, 'origen') });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Copia de seguridad de .*origen guardada en .*copias\/clinica-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz\n/);
    const [name] = fs.readdirSync(path.join(dir, 'copias'));
    const file = path.join(dir, 'copias', name!);

    // A running server holds the directory's lock: the tool says so and changes nothing.
    fs.mkdirSync(path.join(dir, 'destino'));
    const lock = acquireDirectoryLock(path.join(dir, 'destino'));
    const refused = await cli('restore', [file], { DATA_DIR: path.join(dir, 'destino') });
    lock.release();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`La base de datos de ${path.join(dir, 'destino')} ya está abierta por otro proceso (PID ${process.pid}).`);
    expect(refused.stderr).toContain('detén el servidor de Clínica y repite la orden');
    expect(fs.readdirSync(path.join(dir, 'destino'))).toEqual([]);

    const restored = await cli('restore', [file], { DATA_DIR: path.join(dir, 'destino') });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain(`Copia ${name} restaurada en ${path.join(dir, 'destino')}.`);

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'destino') });
    try {
      expect(await snapshot(database.db)).toEqual({ email: 'ana@clinica.es', file: '010203' });
    } finally {
      await database.close();
    }
    const again = await cli('restore', [file], { DATA_DIR: path.join(dir, 'destino') });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('La base de datos de destino ya tiene datos');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)('restore the embedded database\'s backup into PostgreSQL, not while a server is connected', async () => {
    const backup = await cli('backup', ['--out', path.join(dir, 'a-postgres.jsonl.gz')], { DATA_DIR: path.join(dir, 'origen') });
    expect(backup.code).toBe(0);
    const name = `wt_backup_cli_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      const refused = await cli('restore', [path.join(dir, 'a-postgres.jsonl.gz')], { DATABASE_URL: url.toString() });
      await server.close();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Hay un servidor de Clínica conectado a .* \(\d+ conexiones\): detenlo antes de restaurar\./);

      const restored = await cli('restore', [path.join(dir, 'a-postgres.jsonl.gz')], { DATABASE_URL: url.toString() });
      expect(restored.stderr).toBe('');
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      expect(await snapshot(database.db)).toEqual({ email: 'ana@clinica.es', file: '010203' });
      await database.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
