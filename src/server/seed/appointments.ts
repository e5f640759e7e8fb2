import { transact } from '../platform/db/transaction';
import type { Db } from '../platform/db/client';
import type { Repositories } from '../repositories';
import { planAgenda, type AgendaInput, type AgendaRow } from './agenda';

/**
 * Inserts appointments in batches of `batchSize`, one transaction each (a savepoint when `db` is already the demo's
 * transaction): the benchmark's agenda made by `planAgenda`, or the demo's planned rows.
 */
export async function insertAppointments(
  db: Db,
  repos: Repositories,
  rows: Iterable<AgendaRow>,
  options: { withEvents: boolean; batchSize?: number; onProgress?: (inserted: number) => void },
): Promise<number> {
  let batch: AgendaRow[] = [];
  let inserted = 0;
  const flush = async () => {
    const chunk = batch;
    await transact(db, (tx) => repos.appointments.createMany(chunk, { withEvents: options.withEvents }, tx));
    inserted += chunk.length;
    options.onProgress?.(inserted);
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= (options.batchSize ?? 1000)) await flush();
  }
  if (batch.length) await flush();
  return inserted;
}

/** Plans an agenda (`planAgenda`) and inserts it. */
export function seedAppointments(
  db: Db,
  repos: Repositories,
  input: AgendaInput & { withEvents: boolean; batchSize?: number; onProgress?: (inserted: number) => void },
): Promise<number> {
  return insertAppointments(db, repos, planAgenda(input), input);
}
