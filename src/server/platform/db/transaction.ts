import type { Db } from './client';

declare const openTransaction: unique symbol;

/**
 * A database handle inside an open transaction. Only `transact` makes one, and the repository methods
 * that change data take one (required, no default): a write cannot run outside the change's transaction,
 * nor on the outer `db` from inside it (on the embedded database, which has one connection, that call
 * would wait for the transaction forever). A `Tx` is also a `Db`, so reads accept it.
 */
export type Tx = Db & { readonly [openTransaction]: true };

/** Runs `work` in one transaction: it commits when `work` resolves, and everything rolls back when it throws. */
export function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}
