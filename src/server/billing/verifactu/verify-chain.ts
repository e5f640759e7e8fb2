import { huellaMatches } from './huella';
import { recordInvoiceId, recordIssuerNif } from './records';
import { type RegistroFacturacion } from './types';

/** The chain is intact, or the first record (in generation order) where it breaks, and why, in Spanish. */
export type ChainVerification =
  | { ok: true; count: number }
  | { ok: false; index: number; record: RegistroFacturacion; reason: string };

/** How a message names a record: its invoice's series and number (an anulación says so). */
export function recordLabel(record: RegistroFacturacion): string {
  const number = recordInvoiceId(record).number;
  return record.kind === 'alta' ? number : `de anulación de ${number}`;
}

function linksTo(record: RegistroFacturacion, previous: RegistroFacturacion | undefined): boolean {
  if (!previous) return record.chain.first;
  if (record.chain.first) return false;
  const expected = recordInvoiceId(previous);
  const link = record.chain.previous;
  return (
    link.huella === previous.huella &&
    link.issuerNif === expected.issuerNif &&
    link.number === expected.number &&
    link.issueDate.equals(expected.issueDate)
  );
}

/**
 * Recomputes one issuer's chain, in the order its records were generated: each record's Huella from its own
 * fields, and each link to the record before it (the first must be PrimerRegistro). An altered field breaks its
 * record's Huella; a removed, inserted or reordered record breaks the link of the one that follows.
 */
export function verifyChain(records: readonly RegistroFacturacion[]): ChainVerification {
  const issuerNif = records[0] && recordIssuerNif(records[0]);
  for (const [index, record] of records.entries()) {
    const label = recordLabel(record);
    const fail = (reason: string): ChainVerification => ({ ok: false, index, record, reason });
    if (recordIssuerNif(record) !== issuerNif) return fail(`El registro ${label} es de otro emisor que la cadena`);
    if (!huellaMatches(record)) return fail(`La huella del registro ${label} no coincide`);
    if (!linksTo(record, records[index - 1])) return fail(`El registro ${label} no encadena con el anterior`);
  }
  return { ok: true, count: records.length };
}

/** Records of several issuers, in generation order: each issuer's chain is verified on its own. */
export function verifyChains(records: readonly RegistroFacturacion[]): Map<string, ChainVerification> {
  const byIssuer = new Map<string, RegistroFacturacion[]>();
  for (const record of records) {
    const nif = recordIssuerNif(record);
    byIssuer.set(nif, [...(byIssuer.get(nif) ?? []), record]);
  }
  return new Map([...byIssuer].map(([nif, chain]) => [nif, verifyChain(chain)]));
}
