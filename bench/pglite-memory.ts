/**
 * What the embedded database's memory is made of: opens PGlite in a fresh process per configuration
 * (a data directory made beforehand by another process, as the app finds it after its first start) and
 * prints the RSS once open, the WebAssembly memory, and with --data-dir after reading the big tables.
 * Run: node --import tsx bench/pglite-memory.ts [--data-dir DIR]   (DIR: an existing seeded data directory, copied)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFlags } from '../src/server/cli/open';

const CONFIGS: Record<string, Record<string, unknown>> = {
  'en memoria, sin extensiones': { memory: true, extensions: false },
  'en disco, sin extensiones': { extensions: false },
  'en disco, con extensiones (la app)': {},
  'la app + relaxedDurability': { relaxedDurability: true },
  'la app + shared_buffers 16 MB': { startParams: ['shared_buffers=16MB'] },
  'la app + initialMemory 64 MiB': { initialMemory: 64 * 1024 * 1024 },
};

const flags = parseFlags(process.argv.slice(2));

if (process.env.PGLITE_MEMORY_CHILD) {
  const config = JSON.parse(process.env.PGLITE_MEMORY_CHILD) as Record<string, unknown> & { dir: string };
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
  const steps: Record<string, number> = { 'node solo': mb() };
  const startParams = config.startParams
    ? (config.startParams as string[]).flatMap((param) => ['-c', param])
    : undefined;
  const client = await PGlite.create({
    dataDir: config.memory ? undefined : path.join(config.dir, 'pgdata'),
    extensions: config.extensions === false ? {} : { btree_gist, pg_trgm, unaccent },
    relaxedDurability: Boolean(config.relaxedDurability),
    ...(config.initialMemory ? { initialMemory: config.initialMemory as number } : {}),
    ...(startParams
      ? { startParams: [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, ...startParams] }
      : {}),
  });
  if (config.initOnly) {
    await client.close();
    process.exit(0);
  }
  steps['abierta'] = mb();
  const heap = (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength;
  if (heap) steps['memoria WASM'] = Math.round(heap / 1024 / 1024);
  const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
  steps['shared_buffers'] = Number.parseInt(rows[0]!.shared_buffers, 10);
  if (config.seeded) {
    await client.query("SELECT count(*) FROM appointments WHERE starts_at > now() - interval '30 days'");
    await client.query("SELECT count(*) FROM patients WHERE search_text LIKE '%garc%'");
    steps['tras leer citas y pacientes'] = mb();
  }
  await client.close();
  console.log(JSON.stringify(steps));
  process.exit(0);
}

const source = flags['data-dir'] ? String(flags['data-dir']) : undefined;
for (const [label, config] of Object.entries(CONFIGS)) {
  if (source && config.memory) continue;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-memory-'));
  if (source) execFileSync('cp', ['-a', path.join(source, 'pgdata'), path.join(dir, 'pgdata')]);
  // The app opens a directory made on its first start: create it in another process, then measure the opening.
  if (!source && !config.memory) {
    spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
      env: { ...process.env, PGLITE_MEMORY_CHILD: JSON.stringify({ ...config, dir, initOnly: true }) },
    });
  }
  const child = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
    env: { ...process.env, PGLITE_MEMORY_CHILD: JSON.stringify({ ...config, dir, seeded: Boolean(source) }) },
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `${label.padEnd(40)} ${child.status === 0 ? child.stdout.trim() : `falló: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`}`,
  );
}
