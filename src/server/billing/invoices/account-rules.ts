import { formatEuros } from '../../../common/money';
import { LINE_TOO_LARGE, MAX_INVOICE_CENTS, MAX_LINE_CENTS } from '../../../common/schemas/invoices';
import type { Tx } from '../../platform';
import { AppError, validationError } from '../../platform';
import type { CoreDeps } from '../deps';
import type { PricedLine } from './lines';

/**
 * What keeps an invoice's account from creating money (issue 33, item 2; docs/decisions/0070-account-never-below-zero.md):
 * amounts the books can hold, no invoice of nothing, and an account — the original and its rectifying invoices —
 * that never comes to less than zero nor more than the largest invoice.
 */

/**
 * The server's own bound on what the request's schema already bounds: the visits' lines and the VAT are added here,
 * and a total past the integer columns would fail in the numbering statement (a 500, not a refusal).
 */
export function assertWithinBounds(
  lines: readonly PricedLine[],
  totals: { baseCents: number; taxCents: number; totalCents: number },
) {
  if (lines.some((line) => Math.abs(line.baseCents) > MAX_LINE_CENTS)) {
    throw validationError({ lines: LINE_TOO_LARGE });
  }
  if ([totals.baseCents, totals.taxCents, totals.totalCents].some((cents) => Math.abs(cents) > MAX_INVOICE_CENTS)) {
    throw validationError({ lines: 'El total de la factura no puede superar 1 000 000 € (IVA incluido)' });
  }
}

/** An invoice is issued for something: 0,00 € (a free visit alone, a line at 0) is not an invoice. */
export function assertNotZero(totals: { totalCents: number }) {
  if (totals.totalCents === 0) {
    throw validationError({ lines: 'Una factura de 0,00 € no se emite: añade el importe de lo facturado' });
  }
}

type Repos = CoreDeps['repos'];

/**
 * After a rectifying invoice is written (inside its transaction, the account locked): what the account comes to
 * stays between 0 and the largest invoice, or the whole rectification rolls back and its number with it.
 */
export async function assertAccountAfterRectification(repos: Repos, rootId: string, dueBefore: number, tx: Tx) {
  const due = await repos.invoices.accountDue(rootId, tx);
  if (due < 0) {
    throw validationError({
      lines: `Con esta rectificativa la factura quedaría en ${formatEuros(due)}: lo que resta no puede superar lo que queda de la factura (${formatEuros(dueBefore)}).`,
    });
  }
  if (due > MAX_INVOICE_CENTS) {
    throw validationError({
      lines: 'Con sus rectificativas, la factura no puede superar 1 000 000 € (IVA incluido)',
    });
  }
}

/**
 * Money taken or a rectification made: an original stands, and is put right with a rectifying invoice. A rectifying
 * invoice of an account with money on it stands too: what was paid against it would be owed again (issue 35).
 */
export function assertCancellable(
  invoice: 'original' | 'rectifying',
  account: { payments: number; lastRectifyingId: string | null },
) {
  if (invoice === 'original' && (account.payments > 0 || account.lastRectifyingId)) {
    throw new AppError(409, 'NOT_CANCELLABLE');
  }
  if (invoice === 'rectifying' && account.payments > 0) {
    throw new AppError(
      409,
      'NOT_CANCELLABLE',
      'Esta rectificativa ya tiene cobros o devoluciones en su factura: no se anula. Corrígela con otra rectificativa.',
    );
  }
}

/** After a rectifying invoice's cancellation is written: the account it leaves may not be negative. */
export async function assertAccountAfterCancellation(repos: Repos, rootId: string, tx: Tx) {
  const due = await repos.invoices.accountDue(rootId, tx);
  if (due < 0) {
    throw new AppError(
      409,
      'NOT_CANCELLABLE',
      `Anular esta rectificativa dejaría la factura en ${formatEuros(due)}: lo facturado no puede quedar en negativo. Corrígela con otra rectificativa.`,
    );
  }
  if (due > MAX_INVOICE_CENTS) {
    throw new AppError(
      409,
      'NOT_CANCELLABLE',
      'Anular esta rectificativa dejaría la factura por encima de 1 000 000 €. Corrígela con otra rectificativa.',
    );
  }
}
