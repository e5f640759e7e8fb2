import { Temporal } from 'temporal-polyfill';
import type { ChainLink, InvoiceId, RegistroFacturacion } from './types';

/**
 * A record as the database keeps it (jsonb) and back. Its dates are `Temporal.PlainDate`s, which JSON writes as
 * `yyyy-mm-dd`; reading revives each one, so a stored record is the same value the Huella was computed from.
 */
export const recordToJson = (record: RegistroFacturacion): unknown => JSON.parse(JSON.stringify(record));

type Stored<T> = T extends Temporal.PlainDate ? string : T extends object ? { [K in keyof T]: Stored<T[K]> } : T;

const day = (value: string) => Temporal.PlainDate.from(value);
const invoiceId = (id: Stored<InvoiceId>): InvoiceId => ({ ...id, issueDate: day(id.issueDate) });
const chain = (link: Stored<ChainLink>): ChainLink =>
  link.first
    ? { first: true }
    : { first: false, previous: { ...link.previous, issueDate: day(link.previous.issueDate) } };

export function recordFromJson(value: unknown): RegistroFacturacion {
  const stored = value as Stored<RegistroFacturacion>;
  if (stored.kind === 'anulacion') {
    return { ...stored, chain: chain(stored.chain), cancelled: invoiceId(stored.cancelled) };
  }
  const { invoice } = stored;
  return {
    ...stored,
    chain: chain(stored.chain),
    invoice: {
      ...invoice,
      issueDate: day(invoice.issueDate),
      operationDate: invoice.operationDate ? day(invoice.operationDate) : undefined,
      substituted: invoice.substituted?.map(invoiceId),
      rectification: invoice.rectification && {
        ...invoice.rectification,
        rectified: invoice.rectification.rectified.map(invoiceId),
      },
    },
  };
}
