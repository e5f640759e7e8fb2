import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const backendPid = async () => {
  const result = (await database.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
    rows: { pid: number }[];
  };
  return result.rows[0]!.pid;
};

// The embedded database has one backend whose pid never changes: the check means something only on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('database connections (PostgreSQL only: set TEST_DATABASE_URL)', () => {
  it('an error the server answers (a refused constraint) keeps the connection: no new backend per 409', async () => {
    const before = await backendPid();
    await expect(database.db.execute(sql`SELECT 1 / 0`)).rejects.toThrow();
    await expect(database.db.execute(sql`INSERT INTO specialties (name) VALUES (NULL)`)).rejects.toThrow();
    // The pool hands back the connection released last: the same backend when it was kept.
    expect(await backendPid()).toBe(before);
  });
});
