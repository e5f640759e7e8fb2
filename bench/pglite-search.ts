/**
 * Patient search on the embedded database at 100 000 patients, the repository call alone (what the API's
 * search route runs, without HTTP), one at a time as a person types: p50/p95 over the bench's partial
 * surnames. Also the process's RSS right after the database opens (the data directory made by an earlier
 * process, as the app finds it after its first start).
 *
 *   node --import tsx bench/pglite-search.ts [--dir /tmp/clinica-pglite-100k] [--patients 100000] [--requests 300]
 *     [--explain]  also prints the plan of one search with its timings and buffers (EXPLAIN ANALYZE, BUFFERS)
 *
 * The first run seeds the directory (a few minutes); later runs reuse it.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db/client';
import { createRepositories } from '../src/server/repositories';
import { addPatients } from '../src/server/seed/big';
import { percentile } from './load';
import { partialSurname } from './scenarios';

const { values: flags } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/clinica-pglite-100k' },
    patients: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
    explain: { type: 'boolean', default: false },
  },
});
const ALL = { kind: 'all' } as const;
const mib = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

if (!fs.existsSync(`${flags.dir}/pgdata`)) {
  const seeding = await openDatabase({ kind: 'pglite', dataDir: flags.dir });
  const repos = createRepositories(seeding.db);
  await addPatients(seeding.db, repos, Number(flags.patients), (done) => {
    if (done % 10_000 === 0) console.log(`${done} pacientes`);
  });
  await seeding.db.execute(sql`ANALYZE`);
  await seeding.close();
  console.log('seeded; run again for figures measured in a fresh process');
  process.exit(0);
}

const before = mib();
const database = await openDatabase({ kind: 'pglite', dataDir: flags.dir });
const opened = mib();
const repos = createRepositories(database.db);
const search = (q: string) => repos.patients.search({ q, page: 1, pageSize: 20, sort: 'apellidos', order: 'asc' }, ALL);
for (let i = 0; i < 20; i++) await search(partialSurname(0, i)); // warm-up
const times: number[] = [];
let matches = 0;
for (let i = 0; i < Number(flags.requests); i++) {
  const started = performance.now();
  const { total } = await search(partialSurname(1, i));
  times.push(performance.now() - started);
  matches += total;
}
times.sort((a, b) => a - b);
console.log(
  `RSS: ${before} MiB before opening, ${opened} MiB open, ${mib()} MiB after the searches\n` +
    `search («${partialSurname(1, 0)}»…), ${times.length} one after another: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; ${Math.round(matches / times.length)} matches on average`,
);
if (flags.explain) {
  // The search's statement as the repository writes it (the term as a person types it, normalised).
  const term = partialSurname(1, 0)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const plan = await database.db.execute(sql`
    EXPLAIN (ANALYZE, BUFFERS)
    SELECT p.*, (count(*) OVER ())::int AS total FROM patients p
    WHERE p.search_text LIKE ${`%${term}%`}
    ORDER BY lower(p.sort_name), p.id LIMIT 20`);
  console.log(`EXPLAIN (ANALYZE, BUFFERS) «${term}»:`);
  for (const row of (plan as { rows: Record<string, string>[] }).rows) console.log(`  ${Object.values(row)[0]}`);
}
await database.close();
