// Without zod: the quote's link page (/presupuesto/:token) shows a state with its label and colour, and a phone
// opening it should not download the schemas for that (its first load, vite.config.ts).
/**
 * Presupuestos (issue 36, item 2): a treatment's price for one patient, from the clinic's services, with its
 * discounts computed as the invoice computes them; sent, accepted (signed on her phone or on paper) or refused;
 * then done session by session. `caducado` is not stored: a quote not decided by the end of its validity day, in
 * the clinic's zone, reads so.
 */
export const QUOTE_STATES = ['borrador', 'enviado', 'aceptado', 'rechazado', 'caducado'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  borrador: 'Borrador',
  enviado: 'Enviado',
  aceptado: 'Aceptado',
  rechazado: 'Rechazado',
  caducado: 'Caducado',
};
export const QUOTE_STATE_COLORS: Record<QuoteState, string> = {
  borrador: 'gray',
  enviado: 'blue',
  aceptado: 'green',
  rechazado: 'red',
  caducado: 'orange',
};
