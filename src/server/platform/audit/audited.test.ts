import { randomUUID } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { openTestDatabase } from '../../test/app';
import { auditedRead } from './audited';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const lastId = async () => {
  const [row] = await database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return row!.id;
};
const entriesAfter = (id: number) =>
  database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));

const actor = { id: randomUUID(), role: 'admin' as const };

describe('auditedRead', () => {
  it('runs the read without a transaction, then writes its entry (built from what was read), then answers', async () => {
    const mark = await lastId();
    const patientId = randomUUID();
    const transaction = vi.spyOn(database.db, 'transaction');
    try {
      const result = await auditedRead(
        database.db,
        async (db) => {
          // Nothing is on record while the read runs.
          expect(await entriesAfter(mark)).toEqual([]);
          const { rows } = (await db.execute(sql`SELECT 42 AS answer`)) as unknown as { rows: { answer: number }[] };
          return { patientId, answer: rows[0]!.answer };
        },
        (read) => ({
          actor,
          ip: '203.0.113.9',
          action: 'read',
          entity: 'patient',
          entityId: read.patientId,
          patientId: read.patientId,
          details: { answer: read.answer },
        }),
      );
      expect(result).toEqual({ patientId, answer: 42 });
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    expect(await entriesAfter(mark)).toEqual([
      expect.objectContaining({
        actorId: actor.id,
        actorRole: 'admin',
        action: 'read',
        entity: 'patient',
        entityId: patientId,
        patientId,
        ip: '203.0.113.9',
        details: { answer: 42 },
      }),
    ]);
  });

  it('takes a fixed entry too, and writes a visitor as such', async () => {
    const mark = await lastId();
    expect(
      await auditedRead(database.db, async () => 'leído', { actor: null, action: 'list', entity: 'appointment' }),
    ).toBe('leído');
    expect(await entriesAfter(mark)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorRole: 'visitor',
        action: 'list',
        entity: 'appointment',
        ip: null,
        details: null,
      }),
    ]);
  });

  it('a read that fails writes no entry and rejects with its own error', async () => {
    const mark = await lastId();
    const failure = new Error('lectura fallida');
    const entry = vi.fn(() => ({ actor, action: 'read' as const, entity: 'patient' as const }));
    await expect(
      auditedRead(
        database.db,
        async () => {
          throw failure;
        },
        entry,
      ),
    ).rejects.toBe(failure);
    expect(entry).not.toHaveBeenCalled();
    expect(await entriesAfter(mark)).toEqual([]);
  });

  it('an entry that cannot be written rejects the call: the read is never answered', async () => {
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_audit_for_unit_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit entry refused'; END; $$`),
    );
    await database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_audit_for_unit_test BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_for_unit_test()',
      ),
    );
    const mark = await lastId();
    try {
      const read = vi.fn(async () => 'datos clínicos');
      const answered = vi.fn();
      await expect(
        auditedRead(database.db, read, { actor, action: 'read', entity: 'patient' }).then(answered),
      ).rejects.toThrow();
      expect(read).toHaveBeenCalledOnce();
      expect(answered).not.toHaveBeenCalled();
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER refuse_audit_for_unit_test ON audit_log'));
      await database.db.execute(sql.raw('DROP FUNCTION refuse_audit_for_unit_test()'));
    }
    expect(await entriesAfter(mark)).toEqual([]);
  });
});
