import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { transact, type Tx } from '../db/transaction';
import { writeAuditEntry, writeReadAuditEntry, type AuditEntry } from './repository';

/** Who is acting and from where: the part of every entry that comes from the request. */
export type AuditContext = Pick<AuditEntry, 'actor' | 'ip'>;

/** The signed-in user (null for a visitor) and the address of the request. */
export const auditContext = (request: FastifyRequest): AuditContext => ({
  actor: request.user ? { id: request.user.id, role: request.user.role } : null,
  ip: request.ip,
});

/**
 * The one way to change clinical data: `work` runs in a transaction and its audit entry is written in
 * the same transaction, so the two commit together — a failed change leaves no entry, and an entry that
 * cannot be written undoes the change. `entry` may depend on what the work returned (the id of a created
 * record). A read that changes nothing goes through `auditedRead`.
 *
 * Inside `work`, the repositories' writes take `tx` (their type requires a `Tx`, see `platform/db/transaction.ts`).
 */
export async function audited<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  return transact(db, (tx) => auditedIn(tx, work, entry));
}

/**
 * `audited` inside a transaction already open (a change made of several audited steps, such as a public
 * booking that creates its patient): the step and its entry commit or roll back with that transaction.
 */
export async function auditedIn<T>(
  tx: Tx,
  work: (tx: Tx) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  const result = await work(tx);
  await writeAuditEntry(tx, typeof entry === 'function' ? entry(result) : entry);
  return result;
}

/**
 * The one way to read clinical data: `read` runs, then its audit entry is written, and only then is the
 * result returned — so an answer is never sent without its entry (an entry that cannot be written rejects
 * the call, and the request fails), and a read that fails leaves no entry. `entry` may depend on what was
 * read (the patient of an appointment).
 *
 * No transaction: a read changes nothing, so there is nothing for the entry to commit or undo with, and
 * BEGIN and COMMIT would be two round trips to the database on every read (issue 14, docs/performance-history.md).
 * The entry is one autocommitted INSERT. `read` gets `db` itself: a read of several statements sees a
 * snapshot per statement, as it did in a READ COMMITTED transaction (PostgreSQL's default, ours), and on
 * PostgreSQL independent statements may run at once on the pool (`Promise.all`).
 */
export async function auditedRead<T>(
  db: Db,
  read: (db: Db) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  const result = await read(db);
  await writeReadAuditEntry(db, typeof entry === 'function' ? entry(result) : entry);
  return result;
}
