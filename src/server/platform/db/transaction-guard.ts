import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/** What the guard throws: a query on the whole database from inside an open transaction of the same work. */
export class QueryBesideTransactionError extends Error {
  constructor() {
    super(
      'A query ran on the database, not on the open transaction of the same work: on the embedded database ' +
        '(one connection) it waits for that transaction, which waits for it. Pass the transaction down.',
    );
    this.name = 'QueryBesideTransactionError';
  }
}

/**
 * Makes a query on the embedded database's client fail at once when the work that runs it has a transaction
 * open, instead of waiting for it forever (PGlite has one connection: the transaction waits for the query, which
 * waits for the transaction). The work is followed by `AsyncLocalStorage`; a transaction's mark is cleared when it
 * ends, so a timer it started and that runs later is not taken for it. Tests turn it on: a hang there would only
 * show as a timeout, under load, when a cache happens to expire (the step-up hang of 29 Nov).
 */
const open = new AsyncLocalStorage<{ open: boolean }>();
let guarding = false;

/**
 * For a read that can be answered from a cache and so reaches the database only sometimes (the settings): fails
 * when the work has a transaction open, whether or not this call would have queried — it would, once the cache
 * expires.
 */
export function assertNoTransactionOpen(): void {
  if (guarding && open.getStore()?.open) throw new QueryBesideTransactionError();
}

export function guardQueriesBesideTransactions(client: PGlite): void {
  guarding = true;
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction(async (tx) => {
      const mark = { open: true };
      try {
        return await open.run(mark, () => work(tx));
      } finally {
        mark.open = false;
      }
    });
  const refuseInsideTransaction = <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
    ((...args: Args) => {
      if (open.getStore()?.open) return Promise.reject(new QueryBesideTransactionError());
      return method(...args);
    }) as typeof method;
  client.query = refuseInsideTransaction(client.query.bind(client)) as typeof client.query;
  client.exec = refuseInsideTransaction(client.exec.bind(client));
  const listen = client.listen.bind(client);
  // A notification is delivered during whatever query reads it: its handler is not part of that query's work.
  client.listen = (channel, callback, tx) => listen(channel, (payload) => open.exit(() => callback(payload)), tx);
}
