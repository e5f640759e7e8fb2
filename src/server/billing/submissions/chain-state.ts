import type { ChainState } from '../../../common/schemas/invoices';
import { recordFromJson } from '../verifactu/record-json';
import { recordInvoiceId, recordIssuerNif } from '../verifactu/records';
import { verifyChains } from '../verifactu/verify-chain';
import type { VerifactuRecordsRepository } from './records-repository';
import type { SubmissionsRepository } from './repository';

export type { ChainState };

/**
 * Every issuer's stored chain recomputed from the records as written, and how far its sending to the AEAT has
 * gone (the admin's «VERI*FACTU» panel and `npm run verifactu:verify` both read this).
 */
export async function chainStates(
  repo: Pick<VerifactuRecordsRepository, 'chain'>,
  submissions?: Pick<SubmissionsRepository, 'summary'>,
): Promise<ChainState[]> {
  const records = (await repo.chain()).map((row) => recordFromJson(row.record));
  const sending = submissions ? await submissions.summary() : { counts: [], windows: [] };
  return [...verifyChains(records)].map(([issuerNif, verification]) => {
    const chain = records.filter((record) => recordIssuerNif(record) === issuerNif);
    const last = chain.at(-1);
    const mine = sending.counts.filter((row) => row.issuerNif === issuerNif);
    const sum = (rows: typeof mine) => rows.reduce((total, row) => total + row.count, 0);
    const count = (...statuses: string[]) => sum(mine.filter((row) => statuses.includes(row.status)));
    const window = sending.windows.find((row) => row.issuerNif === issuerNif);
    return {
      issuerNif,
      records: chain.length,
      broken: verification.ok ? null : verification.reason,
      last: last
        ? { kind: last.kind, number: recordInvoiceId(last).number, generatedAt: last.generatedAt, huella: last.huella }
        : null,
      // Without the sending's state (the command-line check) every record counts as waiting.
      pendingSubmission: submissions ? count('pendiente', 'enviando') : chain.length,
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
