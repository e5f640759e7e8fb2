import type { Db } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { CoreDeps } from '../deps';

type Repos = Pick<CoreDeps, 'repos'>;

/**
 * The invoices of the clinic's billing mode issued between two days (the clinic's, both included), as the books
 * write them: in producción the real ones only; in pruebas (the demo, a clinic not yet live) its pruebas ones.
 */
export const bookInvoices = (
  deps: Repos,
  period: { from: string; to: string },
  settings: { timeZone: string; billingMode: BillingMode },
  db?: Db,
) => deps.repos.books.invoicesOf(period.from, period.to, settings.timeZone, settings.billingMode, db);

/** What was paid between two days, by method. */
export const paymentsByMethod = (deps: Repos, from: string, to: string) => deps.repos.books.paymentsByMethod(from, to);
