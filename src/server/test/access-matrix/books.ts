import { only, type MatrixEntry } from './helpers';

/** The books (issue 35, item 5): the clinic's and its accountant's, so the desk's alone. */
export const BOOK_ROWS: Record<string, MatrixEntry> = {
  'GET /api/books/libro-expedidas': {
    expect: only(['admin']),
    query: () => '?from=2030-01-01&to=2030-03-31&formato=csv',
    // Both sides' simplified invoices of January, in the series of the year.
    shows: () => ['Ejercicio', ';S2030;'],
  },
  'GET /api/books/summary': {
    expect: only(['admin']),
    query: () => '?from=2030-01-01&to=2030-03-31',
    shows: () => ['"vat303"', '"boxes":["07","08","09"]'],
  },
  'GET /api/books/347': {
    expect: only(['admin']),
    query: () => '?year=2030',
    shows: () => ['"thresholdCents":300506'],
  },
};
