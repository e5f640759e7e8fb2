import { asc, gt, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { auditLog } from '../platform/db/schema';
import type { TestApp } from './app';

export type AuditRow = typeof auditLog.$inferSelect;

/** The id of the newest audit entry (0 when there is none). */
export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return row?.id ?? 0;
}

/** Makes a request and answers it with exactly the audit entries written meanwhile, oldest first. */
export async function withAuditEntries(
  t: TestApp,
  options: InjectOptions & { cookie?: string },
): Promise<{ response: LightMyRequestResponse; entries: AuditRow[] }> {
  const mark = await lastAuditId(t);
  const response = await t.request(options);
  const entries = await t.database.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
  return { response, entries };
}
