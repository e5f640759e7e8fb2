import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntity, AuditRole } from '../../../common/schemas/audit';
import { normalizeSearchText } from '../../../common/search-text';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { accounts, auditLog, patients, profiles } from '../db/schema';
import type { Role } from '../../../common/roles';

export interface AuditEntry {
  /** Who: null when nobody was signed in (a visitor with the link of a booking e-mail). */
  actor: { id: string; role: Role } | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string;
  patientId?: string;
  ip?: string;
  /** What helps to understand the entry (filters, counts, the new status): never clinical contents. */
  details?: Record<string, unknown>;
}

/** The role written for an entry: the actor's, or 'visitor'. */
export const roleOf = (actor: AuditEntry['actor']): AuditRole => actor?.role ?? 'visitor';

export interface AuditSearch {
  /** An account id, or words of the user's name or e-mail. */
  user?: string;
  patientId?: string;
  action?: AuditAction;
  entity?: AuditEntity;
  role?: AuditRole;
  /** Instants: entries at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
}

/** Lists count matches up to this many, like the patient search. */
export const AUDIT_COUNT_CAP = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function conditions(search: AuditSearch): SQL | undefined {
  const list: (SQL | undefined)[] = [
    search.patientId ? eq(auditLog.patientId, search.patientId) : undefined,
    search.action ? eq(auditLog.action, search.action) : undefined,
    search.entity ? eq(auditLog.entity, search.entity) : undefined,
    search.role ? eq(auditLog.actorRole, search.role) : undefined,
    search.from ? gte(auditLog.at, search.from) : undefined,
    search.to ? lt(auditLog.at, search.to) : undefined,
  ];
  const user = search.user?.trim();
  if (user && UUID.test(user)) list.push(eq(auditLog.actorId, user));
  else if (user) {
    // Every word must appear in the account's name or e-mail, accents and case ignored. Accounts are
    // few next to the log: find them first, then their entries through the (actor, at) index.
    const words = normalizeSearchText(user).split(' ').filter(Boolean);
    const text = sql`unaccent(lower(${profiles.displayName} || ' ' || ${accounts.email}))`;
    const matching = words.length > 0 ? and(...words.map((word) => sql`${text} LIKE ${`%${word}%`}`)) : sql`false`;
    list.push(
      sql`${auditLog.actorId} IN (SELECT ${accounts.id} FROM ${accounts} JOIN ${profiles} ON ${profiles.id} = ${accounts.id} WHERE ${matching})`,
    );
  }
  const present = list.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/** The position of an entry in the export, exact to the microsecond (a JavaScript Date keeps milliseconds). */
export interface AuditCursor {
  at: string;
  id: number;
}

function selectEntries(tx: Db) {
  return tx
    .select({
      id: auditLog.id,
      at: auditLog.at,
      cursorAt: sql<string>`${auditLog.at}::text`,
      actorId: auditLog.actorId,
      actorRole: auditLog.actorRole,
      actorName: profiles.displayName,
      actorEmail: accounts.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      patientId: auditLog.patientId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .leftJoin(patients, eq(patients.id, auditLog.patientId));
}

export type AuditEntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

/** Writes one entry with one INSERT in `tx`, the transaction of the change it records (`audited`, audited.ts). */
export async function writeAuditEntry(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values(entryRow(entry));
}

/**
 * Writes many entries of one change (an import's rows) with one INSERT, in the change's transaction. The entries go
 * as one JSON parameter: on PGlite a thousand rows of eight parameters each take several times longer.
 */
export async function writeAuditEntries(tx: Tx, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  const rows = entries.map(entryRow);
  await tx.execute(sql`
    INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id, patient_id, ip, details)
    SELECT x."actorId", x."actorRole", x.action, x.entity, x."entityId", x."patientId", x.ip, x.details
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("actorId" uuid, "actorRole" text, action text,
      entity text, "entityId" text, "patientId" uuid, ip text, details jsonb)`);
}

/**
 * Writes the entry of a read with one autocommitted INSERT on the database itself: the one write that takes
 * no transaction, on purpose — a read changes nothing for the entry to commit with, and BEGIN and COMMIT
 * would be two round trips on every audited read (`auditedRead`, docs/performance-history.md). Never an entry of
 * a change: that is `writeAuditEntry`, in the change's transaction.
 */
export async function writeReadAuditEntry(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entryRow(entry));
}

function entryRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorId: entry.actor?.id ?? null,
    actorRole: roleOf(entry.actor),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    patientId: entry.patientId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  };
}

/** The append-only log of reads and changes of clinical data (SPEC §6). */
export function createAuditRepository(db: Db) {
  return {
    /** One page of the entries matching `search`, newest first, with the names the screen shows. */
    async search(
      search: AuditSearch & { page: number; pageSize: number },
      tx: Db = db,
    ): Promise<{ items: AuditEntryRow[]; total: number; totalIsCapped: boolean }> {
      const where = conditions(search);
      const counted = tx
        .select({ one: sql`1` })
        .from(auditLog)
        .where(where)
        .limit(AUDIT_COUNT_CAP + 1)
        .as('counted');
      // One after the other: `tx` may be a transaction, whose single connection takes one query at a time.
      const items = await selectEntries(tx)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(search.pageSize)
        .offset((search.page - 1) * search.pageSize);
      const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(counted);
      const total = count?.total ?? 0;
      return { items, total: Math.min(total, AUDIT_COUNT_CAP), totalIsCapped: total > AUDIT_COUNT_CAP };
    },

    /**
     * The next `limit` entries matching `search` after `after` (newest first), for an export that reads
     * the log in batches instead of holding it all in memory or a transaction open while it is sent.
     */
    async batch(search: AuditSearch, after: AuditCursor | null, limit: number, tx: Db = db): Promise<AuditEntryRow[]> {
      const at = after && sql`${after.at}::timestamptz`;
      const where = and(
        conditions(search),
        after && at ? or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, after.id))) : undefined,
      );
      return selectEntries(tx).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
    },

    async listForPatient(patientId: string, limit = 100, tx: Db = db) {
      return tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.patientId, patientId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
