import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { RequestUser } from '../../types';

export interface AuditEntry {
  actor: Pick<RequestUser, 'id' | 'role'> | null;
  action: 'read' | 'create' | 'update' | 'list' | 'export' | 'delete';
  entity: string;
  entityId?: string;
  patientId?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

/** The append-only log of reads and changes of clinical data (SPEC §6). */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry, tx: Db = db) {
      await tx.insert(auditLog).values({
        actorId: entry.actor?.id ?? null,
        actorRole: entry.actor?.role ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        patientId: entry.patientId ?? null,
        ip: entry.ip ?? null,
        details: entry.details ?? null,
      });
    },

    async listForPatient(patientId: string, limit = 100, tx: Db = db) {
      return tx.select().from(auditLog).where(eq(auditLog.patientId, patientId)).orderBy(desc(auditLog.at)).limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
