import type { Db } from '../../platform';
import type { CoreDeps } from '../deps';

type Repos = Pick<CoreDeps, 'repos'>;

/** The invoices issued between two days (the clinic's, both included), as the books write them. */
export const bookInvoices = (deps: Repos, from: string, to: string, timeZone: string, db?: Db) =>
  deps.repos.books.invoicesOf(from, to, timeZone, db);

/** What was paid between two days, by method. */
export const paymentsByMethod = (deps: Repos, from: string, to: string) => deps.repos.books.paymentsByMethod(from, to);
