import type { Db } from '../db/client';
import type { AuditCursor, AuditSearch, createAuditRepository } from './repository';

type Deps = { repos: { audit: ReturnType<typeof createAuditRepository> } };

/** A page of the audit log's entries that match. */
export const searchAuditLog = (deps: Deps, search: AuditSearch & { page: number; pageSize: number }, db?: Db) =>
  deps.repos.audit.search(search, db);

/** The next batch of matching entries after a cursor (null: from the first), for the export. */
export const auditLogBatch = (deps: Deps, search: AuditSearch, after: AuditCursor | null, size: number, db?: Db) =>
  deps.repos.audit.batch(search, after, size, db);
