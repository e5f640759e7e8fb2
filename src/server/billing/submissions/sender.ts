import type { FastifyBaseLogger } from 'fastify';
import { AeatSubmissionError, type AeatAnswer, type AeatClient } from '../verifactu/aeat-client';
import { formatDate } from '../verifactu/dates';
import { recordFromJson } from '../verifactu/record-json';
import { recordInvoiceId } from '../verifactu/records';
import type { RegistroFacturacion, TaxPerson } from '../verifactu/types';
import { MAX_RECORDS_PER_DOCUMENT, submissionXml } from '../verifactu/xml';
import { environmentOf } from '../verifactu/environment';
import { clock, plus } from '../../platform';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import type { Claim, ClaimedRecord, RecordOutcome, SubmissionsRepository } from './repository';
import type { OutagesRepository } from '../invoices/outages-repository';

export interface SubmissionPolicy {
  /** Records in one submission: the AEAT takes at most 1 000 a request. */
  batchSize: number;
  /** How long a claim is ours: after it, a crashed worker's records are taken again. */
  leaseMs: number;
  /** The wait before another attempt after `attempts` failed ones (a timeout, a 5xx, the network, a Fault). */
  retryDelayMs(attempts: number): number;
}

/** 30 s, 1, 2, 4 … minutes, at most an hour apart; never given up: the law wants every record sent. */
export const SUBMISSION_POLICY: SubmissionPolicy = {
  batchSize: MAX_RECORDS_PER_DOCUMENT,
  leaseMs: 5 * 60_000,
  retryDelayMs: (attempts) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000),
};

export interface SendResult {
  /** Requests that got an answer. */
  submissions: number;
  accepted: number;
  acceptedWithErrors: number;
  rejected: number;
  /** Records given back for a later attempt. */
  retried: number;
}

const STATUS_OF = {
  Correcto: 'aceptado',
  AceptadoConErrores: 'aceptado_con_errores',
  Incorrecto: 'rechazado',
} as const;

const issuerOf = (record: RegistroFacturacion): TaxPerson =>
  record.kind === 'alta' ? record.invoice.issuer : record.issuer;

/** The answer's line for each claimed record: same invoice and operation, taken in order (an alta and its anulación differ). */
function outcomesOf(
  claimed: ClaimedRecord[],
  answer: AeatAnswer,
): { outcomes: RecordOutcome[]; missing: ClaimedRecord[] } {
  const lines = [...answer.lines];
  const outcomes: RecordOutcome[] = [];
  const missing: ClaimedRecord[] = [];
  for (const claim of claimed) {
    const record = recordFromJson(claim.stored.record);
    const id = recordInvoiceId(record);
    const operation = record.kind === 'alta' ? 'Alta' : 'Anulacion';
    const index = lines.findIndex(
      (line) =>
        line.number === id.number && line.issueDate === formatDate(id.issueDate) && line.operation === operation,
    );
    if (index < 0) {
      missing.push(claim);
      continue;
    }
    const [line] = lines.splice(index, 1);
    outcomes.push({
      recordId: claim.recordId,
      attempts: claim.attempts,
      status: STATUS_OF[line!.state] ?? 'rechazado',
      errorCode: line!.errorCode,
      errorDescription: line!.errorDescription,
    });
  }
  return { outcomes, missing };
}

/**
 * Sends the VERI*FACTU records to the AEAT, as the e-mail outbox delivers: a submission is claimed in one short
 * transaction (an issuer and up to 1 000 of its due records, SKIP LOCKED), sent outside any transaction, and its
 * answer recorded in another; the issuer's next submission waits the answer's TiempoEsperaEnvio. A record the AEAT
 * rejected or accepted with errors is never sent again as it was: it waits «pendiente de corregir» until the desk
 * corrects its data (invoices/corrections.ts), whose new record goes in turn. With no client (no certificate
 * configured) nothing is sent: the records wait as «pendiente de envío». Nor is a chain whose NIF the certificate
 * may not send for (neither its holder's nor one the clinic confirmed it represents): the AEAT would refuse it.
 */
export function createVerifactuSender(deps: {
  db: Db;
  repo: SubmissionsRepository;
  /** «Incidencias»: opened when the AEAT cannot be reached, closed by its next answer. */
  outages: OutagesRepository;
  client: AeatClient | null;
  /** The NIF of the certificate's holder (`inspectCertificate`), null when its subject names none. */
  certificateNif: string | null;
  log: FastifyBaseLogger;
  policy?: SubmissionPolicy;
}) {
  const { db, repo, log, client } = deps;
  const policy = deps.policy ?? SUBMISSION_POLICY;
  const runs = new Set<Promise<SendResult>>();
  let stopping = false;

  async function failed(claim: Claim, error: AeatSubmissionError, result: SendResult) {
    const now = clock.now();
    if (!error.retry) {
      // The AEAT refused the request itself: the same records would be refused again.
      const outcomes = claim.records.map((record) => ({
        recordId: record.recordId,
        attempts: record.attempts,
        status: 'rechazado' as const,
        errorCode: error.code,
        errorDescription: error.message,
        fault: true,
      }));
      await transact(db, async (tx) => {
        await repo.settle(outcomes, now, null, tx);
        const answer = { at: now, status: 'Rechazado', csv: null, waitSeconds: null, error: error.message };
        await repo.setWindow(claim, now, answer, tx);
        // The AEAT answered (with a refusal): it can be reached again.
        await deps.outages.close(claim, now, tx);
      });
      result.rejected += outcomes.length;
      log.error(
        { issuerNif: claim.issuerNif, code: error.code, records: outcomes.length },
        'AEAT refused a submission',
      );
      return;
    }
    const attempts = Math.max(...claim.records.map((record) => record.attempts));
    const retryAt = plus(now, { milliseconds: policy.retryDelayMs(attempts) });
    // A record we could not write is our fault, not an outage; anything else means the AEAT could not be reached:
    // an incident opens (or goes on), and these records go, when they go, flagged as sent after it.
    const unreachable = error.code !== 'INTERNO';
    await transact(db, async (tx) => {
      await repo.retry(claim.records, { code: error.code, description: error.message, unreachable }, retryAt, tx);
      const answer = { at: now, status: 'Sin respuesta', csv: null, waitSeconds: null, error: error.message };
      await repo.setWindow(claim, retryAt, answer, tx);
      if (unreachable) await deps.outages.open(claim, now, error.message, tx);
    });
    result.retried += claim.records.length;
    log.warn(
      { issuerNif: claim.issuerNif, code: error.code, attempts, retryAt: retryAt.toISOString() },
      'VERI*FACTU submission not answered; it will be tried again',
    );
  }

  async function answered(claim: Claim, answer: AeatAnswer, result: SendResult) {
    const now = clock.now();
    const { outcomes, missing } = outcomesOf(claim.records, answer);
    const retryAt = plus(now, { milliseconds: policy.retryDelayMs(1) });
    const notBefore = plus(now, { seconds: answer.waitSeconds });
    await transact(db, async (tx) => {
      if (!(await repo.settle(outcomes, now, answer.csv, tx)) && outcomes.length > 0) {
        log.warn({ issuerNif: claim.issuerNif }, 'VERI*FACTU answer came after the lease ended');
      }
      // A record the answer does not name has no state yet: it is sent again.
      const reason = { code: 'SIN_LINEA', description: 'La respuesta de la AEAT no incluía este registro' };
      if (missing.length) await repo.retry(missing, reason, retryAt > notBefore ? retryAt : notBefore, tx);
      const summary = { at: now, status: answer.state, csv: answer.csv, waitSeconds: answer.waitSeconds, error: null };
      await repo.setWindow(claim, notBefore, summary, tx);
      if (await deps.outages.close(claim, now, tx)) {
        log.info({ issuerNif: claim.issuerNif, mode: claim.mode }, 'VERI*FACTU: the AEAT answers again');
      }
    });
    result.submissions++;
    result.retried += missing.length;
    for (const outcome of outcomes) {
      if (outcome.status === 'aceptado') result.accepted++;
      else if (outcome.status === 'aceptado_con_errores') result.acceptedWithErrors++;
      else result.rejected++;
    }
  }

  async function run(): Promise<SendResult> {
    const result: SendResult = {
      submissions: 0,
      accepted: 0,
      acceptedWithErrors: 0,
      rejected: 0,
      retried: 0,
    };
    if (!client) return result;
    while (!stopping) {
      const leaseUntil = plus(clock.nowMs(), { milliseconds: policy.leaseMs });
      const claim = await transact(db, (tx) =>
        repo.claim(clock.now(), leaseUntil, policy.batchSize, deps.certificateNif, tx),
      );
      if (!claim) break;
      const records = claim.records.map((record) => recordFromJson(record.stored.record));
      try {
        const xml = submissionXml(issuerOf(records[0]!), records, { incident: claim.incident });
        const answer = await client.submit(xml, environmentOf(claim.mode));
        await answered(claim, answer, result);
      } catch (error) {
        // Anything else (a record that cannot be written as XML) is ours: retried with back-off, and said.
        const failure =
          error instanceof AeatSubmissionError
            ? error
            : new AeatSubmissionError(`Error al preparar el envío: ${(error as Error).message}`, 'INTERNO', true);
        await failed(claim, failure, result);
      }
    }
    return result;
  }

  return {
    /** Whether records are sent at all (a certificate is configured). */
    enabled: client !== null,
    /** Sends every submission due now, issuer by issuer; what failed waits for its back-off, the rest for the wait. */
    sendDue(): Promise<SendResult> {
      const running = run().finally(() => runs.delete(running));
      runs.add(running);
      return running;
    },
    /** Starts no new submission and waits for the ones under way (closing the app). */
    async close() {
      stopping = true;
      await Promise.allSettled([...runs]);
    },
  };
}

export type VerifactuSender = ReturnType<typeof createVerifactuSender>;
