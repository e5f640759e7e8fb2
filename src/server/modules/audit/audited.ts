import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { writeAuditEntry, type AuditEntry } from './repository';

/** Who is acting and from where: the part of every entry that comes from the request. */
export type AuditContext = Pick<AuditEntry, 'actor' | 'ip'>;

/** The signed-in user (null for a visitor) and the address of the request. */
export const auditContext = (request: FastifyRequest): AuditContext => ({
  actor: request.user ? { id: request.user.id, role: request.user.role } : null,
  ip: request.ip,
});

/**
 * The one way to read or change clinical data: `work` runs in a transaction and its audit entry is
 * written in the same transaction, so the two commit together — a failed change leaves no entry, and
 * an entry that cannot be written undoes the change. `entry` may depend on what the work returned
 * (the id of a created record, the patient of an appointment read).
 *
 * Inside `work`, use only `tx`: the embedded database has one connection, which the transaction holds.
 */
export async function audited<T>(db: Db, work: (tx: Db) => Promise<T>, entry: AuditEntry | ((result: T) => AuditEntry)): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await writeAuditEntry(tx, typeof entry === 'function' ? entry(result) : entry);
    return result;
  });
}
