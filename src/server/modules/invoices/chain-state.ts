import { recordFromJson } from '../../billing/verifactu/record-json';
import { recordInvoiceId, recordIssuerNif } from '../../billing/verifactu/records';
import { verifyChains } from '../../billing/verifactu/verify-chain';
import type { InvoicesRepository } from './repository';

export interface ChainState {
  issuerNif: string;
  records: number;
  /** null when every Huella and every link verifies; else the first broken record, named, in Spanish. */
  broken: string | null;
  last: { kind: 'alta' | 'anulacion'; number: string; generatedAt: string; huella: string } | null;
}

/**
 * Every issuer's stored chain recomputed from the records as written (the admin's «VERI*FACTU» panel and
 * `npm run verifactu:verify` both read this).
 */
export async function chainStates(repo: Pick<InvoicesRepository, 'chain'>): Promise<ChainState[]> {
  const records = (await repo.chain()).map((row) => recordFromJson(row.record));
  return [...verifyChains(records)].map(([issuerNif, verification]) => {
    const chain = records.filter((record) => recordIssuerNif(record) === issuerNif);
    const last = chain.at(-1);
    return {
      issuerNif,
      records: chain.length,
      broken: verification.ok ? null : verification.reason,
      last: last
        ? { kind: last.kind, number: recordInvoiceId(last).number, generatedAt: last.generatedAt, huella: last.huella }
        : null,
    };
  });
}
