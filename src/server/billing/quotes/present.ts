import type { Quote, QuoteByLink, QuoteState } from '../../../common/schemas/quotes';
import { toInstant } from '../../platform';
import type { QuoteRecord } from './repository';

/**
 * A quote's state as the clinic reads it on `today` (its calendar day, yyyy-mm-dd): a quote not decided after its
 * last valid day is «caducado» — derived, never written, so no job has to run at midnight.
 */
export function quoteState(quote: Pick<QuoteRecord, 'status' | 'validUntil'>, today: string): QuoteState {
  if (quote.status === 'aceptado' || quote.status === 'rechazado') return quote.status;
  return quote.validUntil < today ? 'caducado' : quote.status;
}

const iso = (value: Date | string | null) => (value === null ? null : toInstant(value).toISOString());

/** What the screens show of a quote: its figures, its sessions, and what is done, invoiced, paid and pending. */
export function presentQuote(quote: QuoteRecord, today: string): Quote {
  const live = (line: QuoteRecord['lines'][number]) =>
    line.sessions.filter((session) => session.status !== 'cancelada');
  const done = (line: QuoteRecord['lines'][number]) =>
    line.sessions.filter((session) => session.status === 'atendida').length;
  const upfront = quote.upfrontInvoiceId !== null;
  const invoicedCents = upfront ? quote.upfrontTotalCents : quote.sessionsInvoicedCents;
  const paidCents = upfront ? quote.upfrontPaidCents : quote.sessionsPaidCents;
  const accepted = quote.status === 'aceptado';
  return {
    id: quote.id,
    number: quote.number,
    patientId: quote.patientId,
    patientName: quote.patientName,
    doctorId: quote.doctorId,
    doctorName: quote.doctorName,
    state: quoteState(quote, today),
    createdAt: iso(quote.createdAt)!,
    validUntil: quote.validUntil,
    notes: quote.notes,
    discount: quote.discount,
    discountCents: quote.discountCents,
    baseCents: quote.baseCents,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    sentAt: iso(quote.sentAt),
    decidedAt: iso(quote.decidedAt),
    acceptance:
      accepted && quote.acceptanceVia ? { via: quote.acceptanceVia, signerName: quote.signerName ?? '' } : null,
    upfrontInvoiceNumber: quote.upfrontInvoiceNumber,
    lines: quote.lines.map((line) => ({
      ...line,
      sessions: live(line).map((session) => ({ ...session, startsAt: iso(session.startsAt)! })),
      done: done(line),
    })),
    progress: {
      sessionsPlanned: quote.lines.reduce((sum, line) => sum + line.quantity, 0),
      sessionsDone: quote.lines.reduce((sum, line) => sum + done(line), 0),
      invoicedCents,
      paidCents,
      // What is left to pay of an accepted quote: its total less what was paid of it (never below zero).
      pendingCents: accepted ? Math.max(0, quote.totalCents - paidCents) : 0,
    },
  };
}

/** What the link's page shows of a quote (`quoteByLinkSchema`), and nothing more: the page embeds it. */
export function presentQuoteLink(quote: Quote, clinicName: string): QuoteByLink {
  return {
    clinicName,
    number: quote.number,
    patientName: quote.patientName,
    doctorName: quote.doctorName,
    state: quote.state,
    validUntil: quote.validUntil,
    totalCents: quote.totalCents,
    acceptance: quote.acceptance,
    upfrontInvoiceNumber: quote.upfrontInvoiceNumber,
    progress: quote.progress,
    lines: quote.lines.map((line) => ({
      position: line.position,
      description: line.description,
      detail: line.detail,
      quantity: line.quantity,
      done: line.done,
      baseCents: line.baseCents,
      taxCents: line.taxCents,
    })),
  };
}
