import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { transact } from './transaction';
import { QueryBesideTransactionError } from './transaction-guard';

// The embedded database has one connection: a query on `db` awaited inside an open transaction of the same work
// waits for the transaction, which waits for it. In tests that fails at once instead of hanging (a timeout under
// load was all CI ever showed of the step-up hang).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(() => database.close());

const one = async (db: Database['db']) =>
  (await db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };

describe('a query beside its own open transaction, on the embedded database', () => {
  it('fails at once with the reason, and the transaction rolls back', async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS guard_probe (id int)`);
    const attempt = transact(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO guard_probe VALUES (1)`);
      await one(database.db);
    });
    // Drizzle wraps the driver's error as the cause of its «Failed query».
    const error = await attempt.then(
      () => undefined,
      (reason: Error) => reason,
    );
    expect(error?.cause).toBeInstanceOf(QueryBesideTransactionError);
    const rows = (await database.db.execute(sql`SELECT count(*)::int AS n FROM guard_probe`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('lets the transaction itself, its savepoints and other work run', async () => {
    const [inside, other] = await Promise.all([
      transact(database.db, async (tx) => {
        await one(tx);
        return tx.transaction(async (savepoint) => (await one(savepoint)).rows.length);
      }),
      one(database.db).then((result) => result.rows.length),
    ]);
    expect([inside, other]).toEqual([1, 1]);
  });

  it('lets work started inside a transaction query the database once the transaction has ended', async () => {
    let later: Promise<unknown> | undefined;
    await transact(database.db, async (tx) => {
      await one(tx);
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() => one(database.db));
    });
    await expect(later).resolves.toBeDefined();
  });
});

describe('the settings inside a transaction', () => {
  it('are read through it: asking the cached settings beside it fails even while the cache would answer', async () => {
    const { createClinicRepository } = await import('../settings/clinic-repository');
    const clinic = createClinicRepository(database.db);
    await clinic.getSettings(); // warm: the next call would not query
    await expect(transact(database.db, () => clinic.getSettings())).rejects.toBeInstanceOf(QueryBesideTransactionError);
    await expect(transact(database.db, (tx) => clinic.getSettings(tx))).resolves.toMatchObject({ id: 1 });
  });
});
