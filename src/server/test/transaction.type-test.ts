/**
 * Type-level tests of the unit of work, checked by `npm run typecheck`: every line under `@ts-expect-error`
 * must fail to compile (tsc reports a directive with nothing to excuse), so a change that lets a write run
 * outside its transaction fails CI. Nothing here runs.
 */
import type { Outbox } from '../platform/outbox/service';
import type { Repositories } from '../deps';
import type { Db } from '../platform/db/client';
import { transact, type Tx } from '../platform/db/transaction';

const record = { firstName: 'Ana', lastName: 'Gil', email: 'ana@prueba.test', phone: '' };

export async function writesTakeTheTransaction(db: Db, repos: Repositories, outbox: Outbox) {
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.patients.create(record);
  // @ts-expect-error the outer database is not a transaction
  await repos.patients.create(record, db);
  // @ts-expect-error an e-mail is written in the transaction of the change that causes it
  await outbox.enqueue({ to: 'ana@prueba.test', subject: '', text: '', html: '' }, { tx: db, kind: 'test' });

  await transact(db, async (tx) => {
    const patient = await repos.patients.create(record, tx);
    await repos.patients.update(patient.id, { phone: '600' }, tx);
    await outbox.enqueue({ to: patient.email, subject: '', text: '', html: '' }, { tx, kind: 'test' });
    // Reads take the transaction too (a `Tx` is a `Db`).
    await repos.patients.findById(patient.id, tx);
  });
}

export function onlyTransactMakesATransaction(db: Db): Tx {
  // @ts-expect-error a database handle is not a transaction by assertion of its type
  const forged: Tx = db;
  return forged;
}
