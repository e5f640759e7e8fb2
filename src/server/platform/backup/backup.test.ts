import { randomBytes } from 'node:crypto';
import { transact } from '../db/transaction';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../clock';
import type { Db } from '../db/client';
import { databaseFileStore } from '../../clinical/files/store';
import { seedDemoIfEmpty } from '../../seed/demo';
import { buildTestApp, type TestApp } from '../../test/app';
import { writeBackup } from './dump';
import { verifyBackup } from './format';
import { restoreBackup } from './restore';
import { appliedMigration, codeMigrations } from './schema-info';

let t: TestApp;
let db: Db;
let dir: string;
let file: string;
/** An uploaded file of three 1 MB chunks and a bit, so a file spans several rows. */
const upload = { id: crypto.randomUUID(), content: randomBytes(3 * 1024 * 1024 + 12_345) };
let before: Record<string, string>;
let fileBytes: Map<string, Buffer>;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the application with its row count and a hash of all its rows. */
async function tableHashes(): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const table = sql`${sql.identifier('public')}.${sql.identifier(name)}`;
    const [row] = await rows<{ count: string; hash: string | null }>(
      sql`SELECT count(*)::text AS count, md5(string_agg(md5(row_to_json(t)::text), '' ORDER BY md5(row_to_json(t)::text))) AS hash FROM ${table} t`,
    );
    hashes[name] = `${row!.count}:${row!.hash ?? ''}`;
  }
  // The indexes and constraints come back too (a restore builds some indexes after the rows).
  const [schema] = await rows<{ indexes: string; constraints: string }>(
    sql`SELECT (SELECT string_agg(indexdef, E'\n' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = 'public') AS indexes,
               (SELECT string_agg(conname || ' ' || pg_get_constraintdef(k.oid), E'\n' ORDER BY conname) FROM pg_constraint k
                JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = 'public') AS constraints`,
  );
  hashes['(indexes)'] = schema!.indexes;
  hashes['(constraints)'] = schema!.constraints;
  return hashes;
}

async function allFiles(): Promise<Map<string, Buffer>> {
  const ids = await rows<{ id: string }>(sql`SELECT id::text AS id FROM patient_files ORDER BY id`);
  const store = databaseFileStore(db);
  const contents = new Map<string, Buffer>();
  for (const { id } of ids) contents.set(id, await store.read(id, db));
  return contents;
}

/** Rewrites the manifest (the first line) of a backup, keeping the body and its checksum. */
function withManifest(source: string, target: string, change: (manifest: Record<string, unknown>) => void) {
  const text = zlib.gunzipSync(fs.readFileSync(source)).toString('utf8');
  const newline = text.indexOf('\n');
  const manifest = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
  change(manifest);
  fs.writeFileSync(target, zlib.gzipSync(`${JSON.stringify(manifest)}${text.slice(newline)}`));
}

beforeAll(async () => {
  clock.freeze('2026-03-02T09:00:00+01:00');
  t = await buildTestApp();
  await seedDemoIfEmpty(t.deps);
  const admin = (await t.deps.repos.auth.findAccountByEmail('admin@clinica.demo'))!;
  await transact(db0(), async (tx) => {
    await t.deps.repos.files.create(
      {
        id: upload.id,
        patientId: null,
        type: 'otros',
        name: 'Grande.bin',
        description: 'Subido en la prueba',
        mime: 'application/pdf',
        size: upload.content.length,
        visibleToPatient: false,
        uploadedBy: admin.id,
        createdAt: clock.now(),
      },
      tx,
    );
    await databaseFileStore(tx).save(upload.id, upload.content, tx);
  });
  // The app stays out of the way: the test works on its database directly.
  await t.app.close();
  db = t.database.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-backup-'));
  file = path.join(dir, 'copia.jsonl.gz');
  before = await tableHashes();
  fileBytes = await allFiles();
}, 120_000);

function db0(): Db {
  return t.database.db;
}

afterAll(async () => {
  await t?.database.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  clock.freeze(null);
});

describe('a backup', () => {
  it('holds every table with its row count, the schema level and a checksum', async () => {
    const manifest = await writeBackup(db, file, t.database.kind);
    const latest = codeMigrations().at(-1)!;
    expect(manifest.schema).toEqual({ tag: latest.tag, when: latest.when });
    expect(manifest.createdAt).toBe('2026-03-02T08:00:00.000Z');
    const tableNames = Object.keys(before).filter((name) => !name.startsWith('('));
    expect(Object.keys(manifest.tables).sort()).toEqual(tableNames.sort());
    for (const [table, count] of Object.entries(manifest.tables))
      expect(`${table} ${count}`).toBe(`${table} ${before[table]!.split(':')[0]}`);
    const [chunks] = await rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM patient_file_chunks WHERE file_id = ${upload.id}`,
    );
    expect(chunks!.count).toBe(4);
    expect(await verifyBackup(file)).toEqual(manifest);
  });

  it('restores into a wiped database every row of every table and every file byte for byte', async () => {
    await db.execute(sql`DROP SCHEMA drizzle CASCADE`);
    await db.execute(sql`DROP SCHEMA public CASCADE`);
    await db.execute(sql`CREATE SCHEMA public`);
    expect(await appliedMigration(db)).toBeNull();

    await restoreBackup(db, file);
    expect(await tableHashes()).toEqual(before);
    const restored = await allFiles();
    expect([...restored.keys()]).toEqual([...fileBytes.keys()]);
    for (const [id, content] of fileBytes) expect(restored.get(id)!.equals(content), id).toBe(true);
    expect(restored.get(upload.id)!.equals(upload.content)).toBe(true);
    expect(await appliedMigration(db)).toBe(codeMigrations().at(-1)!.when);
  });

  it('restores with sequences where they were, so new rows do not collide', async () => {
    const [seq] = await rows<{ name: string }>(
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1 LIMIT 1`,
    );
    expect(seq).toBeDefined();
    const manifest = await verifyBackup(file);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    const line = text.split('\n').find((item) => item.startsWith(`{"s":${JSON.stringify(seq!.name)}`))!;
    const [state] = await rows<{ value: string }>(
      sql`SELECT last_value::text AS value FROM ${sql.identifier('public')}.${sql.identifier(seq!.name)}`,
    );
    expect(JSON.parse(line).v).toBe(state!.value);
    expect(manifest.sequences).toBeGreaterThan(0);
  });

  it('is not restored over a database with data unless forced', async () => {
    await expect(restoreBackup(db, file)).rejects.toThrow(
      /La base de datos de destino ya tiene datos \(\d+ tablas con filas\)\. Para sustituirlos por los de la copia, repite la orden con --force\. No se ha cambiado nada\./,
    );
    await db.execute(sql`DELETE FROM tasks`);
    await restoreBackup(db, file, { force: true });
    expect(await tableHashes()).toEqual(before);
  });

  it('is refused, changing nothing, when the file is damaged', async () => {
    const damaged = path.join(dir, 'dañada.jsonl.gz');
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    await expect(restoreBackup(db, damaged, { force: true })).rejects.toThrow(
      `El archivo ${damaged} está dañado o no es una copia de seguridad de Clínica`,
    );

    const truncated = path.join(dir, 'cortada.jsonl.gz');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, 4000));
    await expect(restoreBackup(db, truncated, { force: true })).rejects.toThrow(`El archivo ${truncated} está dañado`);

    // Intact gzip, but a row changed after the checksum was taken.
    const edited = path.join(dir, 'editada.jsonl.gz');
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').replace('Moreno López', 'Moreno Lopez');
    fs.writeFileSync(edited, zlib.gzipSync(text));
    await expect(restoreBackup(db, edited, { force: true })).rejects.toThrow(
      `El archivo ${edited} está dañado o no es una copia de seguridad de Clínica (la suma de comprobación no coincide). No se ha cambiado nada.`,
    );
    expect(await tableHashes()).toEqual(before);
  });

  it('of a newer version of Clínica is refused, changing nothing', async () => {
    const newer = path.join(dir, 'nueva.jsonl.gz');
    withManifest(file, newer, (manifest) => {
      manifest.schema = { tag: '0099_futuro', when: codeMigrations().at(-1)!.when + 1 };
    });
    const latest = codeMigrations().at(-1)!.tag;
    await expect(restoreBackup(db, newer, { force: true })).rejects.toThrow(
      `La copia se hizo con una versión más nueva de Clínica (esquema 0099_futuro); esta versión llega a ${latest}. Actualiza Clínica antes de restaurarla. No se ha cambiado nada.`,
    );
    const newerFormat = path.join(dir, 'formato.jsonl.gz');
    withManifest(file, newerFormat, (manifest) => {
      manifest.version = 2;
    });
    await expect(restoreBackup(db, newerFormat, { force: true })).rejects.toThrow(
      `La copia ${newerFormat} usa la versión 2 del formato, más nueva que la que entiende esta versión de Clínica (1). Actualiza Clínica antes de restaurarla.`,
    );
    expect(await tableHashes()).toEqual(before);
  });

  it("of a database without Clínica's tables is refused and leaves no file behind", async () => {
    // The migrations' record is what tells a Clínica database: hide it for a moment.
    await db.execute(sql`ALTER SCHEMA drizzle RENAME TO drizzle_hidden`);
    try {
      const target = path.join(dir, 'vacia.jsonl.gz');
      await expect(writeBackup(db, target, 'pglite')).rejects.toThrow(
        'La base de datos está vacía: no tiene las tablas de Clínica. Arranca el servidor una vez o restaura una copia.',
      );
      expect(fs.readdirSync(dir).filter((name) => name.startsWith('vacia'))).toEqual([]);
    } finally {
      await db.execute(sql`ALTER SCHEMA drizzle_hidden RENAME TO drizzle`);
    }
  });
});
