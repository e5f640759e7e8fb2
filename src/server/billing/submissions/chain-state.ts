import type { ChainState } from '../../../common/schemas/invoices';
import type { BillingMode } from '../../../common/schemas/verifactu';
import { recordFromJson } from '../verifactu/record-json';
import { recordInvoiceId } from '../verifactu/records';
import type { RegistroFacturacion } from '../verifactu/types';
import { verifyChain } from '../verifactu/verify-chain';
import type { VerifactuRecordsRepository } from './records-repository';
import type { SubmissionsRepository } from './repository';

export type { ChainState };

/**
 * Every stored chain (an issuer in a billing mode) recomputed from the records as written, and how far its sending
 * to the AEAT has gone (the admin's «VERI*FACTU» panel and `npm run verifactu:verify` both read this).
 */
export async function chainStates(
  repo: Pick<VerifactuRecordsRepository, 'chain'>,
  submissions?: Pick<SubmissionsRepository, 'summary'>,
): Promise<ChainState[]> {
  const chains = new Map<string, { issuerNif: string; mode: BillingMode; records: RegistroFacturacion[] }>();
  for (const row of await repo.chain()) {
    const key = `${row.issuerNif}:${row.mode}`;
    const chain = chains.get(key) ?? { issuerNif: row.issuerNif, mode: row.mode, records: [] };
    chain.records.push(recordFromJson(row.record));
    chains.set(key, chain);
  }
  const sending = submissions ? await submissions.summary() : { counts: [], windows: [] };
  return [...chains.values()].map(({ issuerNif, mode, records: chain }) => {
    const verification = verifyChain(chain);
    const last = chain.at(-1);
    const mine = sending.counts.filter((row) => row.issuerNif === issuerNif && row.mode === mode);
    const sum = (rows: typeof mine) => rows.reduce((total, row) => total + row.count, 0);
    const count = (...statuses: string[]) => sum(mine.filter((row) => statuses.includes(row.status)));
    const window = sending.windows.find((row) => row.issuerNif === issuerNif && row.mode === mode);
    return {
      issuerNif,
      mode,
      records: chain.length,
      broken: verification.ok ? null : verification.reason,
      last: last
        ? { kind: last.kind, number: recordInvoiceId(last).number, generatedAt: last.generatedAt, huella: last.huella }
        : null,
      // Without the sending's state (the command-line check) every record counts as waiting.
      pendingSubmission: submissions ? count('pendiente', 'enviando') : chain.length,
      pendingIncident: sum(mine.filter((row) => row.incident && ['pendiente', 'enviando'].includes(row.status))),
      accepted: count('aceptado'),
      acceptedWithErrors: count('aceptado_con_errores'),
      rejected: count('rechazado'),
      faultRejected: sum(mine.filter((row) => row.status === 'rechazado' && row.fault)),
      lastAnswer:
        window?.lastAnswerAt && window.lastStatus
          ? {
              at: window.lastAnswerAt.toISOString(),
              status: window.lastStatus,
              csv: window.lastCsv,
              waitSeconds: window.lastWaitSeconds,
              error: window.lastError,
            }
          : null,
      nextSubmissionAt: window && window.notBefore.getTime() > 0 ? window.notBefore.toISOString() : null,
    };
  });
}
