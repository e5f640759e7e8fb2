import { api } from '../../../../common/api-paths';
import type { BooksPeriod, LedgerFormat } from '../../../../common/schemas/books';
import { toQueryString } from '../../../lib/api-client';

/** GET api.booksLedger: the libro registro de facturas expedidas of a period, downloaded as a file. */
export const ledgerHref = (period: BooksPeriod, formato: LedgerFormat) =>
  `${api.booksLedger}${toQueryString({ ...period, formato })}`;
