import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { BillingMode } from '../../../common/schemas/verifactu';
import {
  clinicSettings,
  verifactuRecords,
  verifactuSendWindows,
  verifactuSubmissions,
  type SubmissionStatus,
} from '../../platform';
import type { Tx } from '../../platform';
import type { StoredRecord } from './records-repository';

/** A record claimed for one submission, fenced by its `attempts`: only that claim may settle it. */
export interface ClaimedRecord {
  recordId: number;
  attempts: number;
  stored: StoredRecord;
}

export interface Claim {
  issuerNif: string;
  /** The chain's mode: pruebas goes to the AEAT's test environment, producción to its production one. */
  mode: BillingMode;
  /** Its records were generated, or given back, while the AEAT could not be reached (Incidencia = S). */
  incident: boolean;
  records: ClaimedRecord[];
}

/** How the AEAT settled one record. */
export interface RecordOutcome {
  recordId: number;
  attempts: number;
  status: Extract<SubmissionStatus, 'aceptado' | 'aceptado_con_errores' | 'rechazado'>;
  errorCode: string | null;
  errorDescription: string | null;
  /** Refused with the whole request (a SOAP Fault), not by a RespuestaLinea: it is sent again, never corrected. */
  fault?: boolean;
}

/** The last answer of an issuer's submission, kept for the admin screen. */
export interface AnswerSummary {
  at: Date;
  status: string;
  csv: string | null;
  waitSeconds: number | null;
  error: string | null;
}

const due = (now: Date) =>
  and(inArray(verifactuSubmissions.status, ['pendiente', 'enviando']), lte(verifactuSubmissions.nextAttemptAt, now));

const fenced = (claim: { recordId: number; attempts: number }) =>
  and(
    eq(verifactuSubmissions.recordId, claim.recordId),
    eq(verifactuSubmissions.status, 'enviando'),
    eq(verifactuSubmissions.attempts, claim.attempts),
  );

/** All SQL of sending the VERI*FACTU records (migration 0028); the records themselves are only read. */
export function createSubmissionsRepository(db: Db) {
  return {
    /**
     * Claims the next submission in one short transaction: a chain of the clinic's billing mode whose window is
     * open and has records due (its window row locked FOR UPDATE SKIP LOCKED, so two workers never take the same
     * chain), then up to `limit` of its due records in chain order — all generated during an outage or none, as the
     * Cabecera says it of the whole submission — marked `enviando` until `leaseUntil`; the window is closed until
     * then too, so no other submission of that chain starts while this one is under way. The records of a mode the
     * clinic has left (pruebas, once in producción) are no longer sent.
     */
    /**
     * Claims the next due submission of a chain the certificate may send: its holder's NIF (`holderNif`, null when
     * its subject names none) or one the clinic confirmed it represents. Another NIF's records wait as they are.
     */
    async claim(now: Date, leaseUntil: Date, limit: number, holderNif: string | null, tx: Tx): Promise<Claim | null> {
      const [window] = await tx
        .select({ issuerNif: verifactuSendWindows.issuerNif, mode: verifactuSendWindows.mode })
        .from(verifactuSendWindows)
        .where(
          and(
            lte(verifactuSendWindows.notBefore, now),
            sql`${verifactuSendWindows.mode} = (SELECT ${clinicSettings.billingMode} FROM ${clinicSettings} WHERE ${clinicSettings.id} = 1)`,
            sql`(${verifactuSendWindows.issuerNif} = ${holderNif ?? ''} OR EXISTS (SELECT 1 FROM ${clinicSettings}
              WHERE ${clinicSettings.id} = 1 AND ${verifactuSendWindows.issuerNif} = ANY(${clinicSettings.verifactuRepresentedNifs})))`,
            sql`EXISTS (SELECT 1 FROM ${verifactuSubmissions} s WHERE s.issuer_nif = ${verifactuSendWindows.issuerNif}
              AND s.mode = ${verifactuSendWindows.mode}
              AND s.status IN ('pendiente', 'enviando') AND s.next_attempt_at <= ${now})`,
          ),
        )
        .orderBy(asc(verifactuSendWindows.notBefore))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!window) return null;
      const ofChain = and(
        eq(verifactuSubmissions.issuerNif, window.issuerNif),
        eq(verifactuSubmissions.mode, window.mode),
        due(now),
      );
      // The first due record says whether this submission is of an incident; it runs up to the first that differs.
      const [first] = await tx
        .select({ incident: verifactuSubmissions.incident })
        .from(verifactuSubmissions)
        .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuSubmissions.recordId))
        .where(ofChain)
        .orderBy(asc(verifactuRecords.position))
        .limit(1);
      if (!first) return null;
      const [boundary] = await tx
        .select({ position: sql<number | null>`min(${verifactuRecords.position})` })
        .from(verifactuSubmissions)
        .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuSubmissions.recordId))
        .where(and(ofChain, ne(verifactuSubmissions.incident, first.incident)));
      const claimable = tx
        .select({ id: verifactuSubmissions.recordId })
        .from(verifactuSubmissions)
        .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuSubmissions.recordId))
        .where(
          and(
            ofChain,
            eq(verifactuSubmissions.incident, first.incident),
            boundary?.position == null ? undefined : lt(verifactuRecords.position, Number(boundary.position)),
          ),
        )
        .orderBy(asc(verifactuRecords.position))
        .limit(limit)
        .for('update', { of: verifactuSubmissions, skipLocked: true });
      const claimed = await tx
        .update(verifactuSubmissions)
        .set({ status: 'enviando', attempts: sql`${verifactuSubmissions.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(verifactuSubmissions.recordId, claimable))
        .returning({ recordId: verifactuSubmissions.recordId, attempts: verifactuSubmissions.attempts });
      if (claimed.length === 0) return null;
      await tx
        .update(verifactuSendWindows)
        .set({ notBefore: leaseUntil })
        .where(and(eq(verifactuSendWindows.issuerNif, window.issuerNif), eq(verifactuSendWindows.mode, window.mode)));
      const stored = await tx
        .select()
        .from(verifactuRecords)
        .where(
          inArray(
            verifactuRecords.id,
            claimed.map((row) => row.recordId),
          ),
        )
        .orderBy(asc(verifactuRecords.position));
      const attempts = new Map(claimed.map((row) => [row.recordId, row.attempts]));
      return {
        issuerNif: window.issuerNif,
        mode: window.mode,
        incident: first.incident,
        records: stored.map((row) => ({ recordId: row.id, attempts: attempts.get(row.id)!, stored: row })),
      };
    },

    /** Settles what the AEAT answered for each record; answers how many were still this claim's to settle. */
    async settle(outcomes: RecordOutcome[], at: Date, csv: string | null, tx: Tx): Promise<number> {
      let settled = 0;
      for (const outcome of outcomes) {
        const rows = await tx
          .update(verifactuSubmissions)
          .set({
            status: outcome.status,
            lastErrorCode: outcome.errorCode,
            lastErrorDescription: outcome.errorDescription,
            csv,
            answeredAt: at,
            fault: outcome.fault ?? false,
          })
          .where(fenced(outcome))
          .returning({ id: verifactuSubmissions.recordId });
        settled += rows.length;
      }
      return settled;
    },

    /**
     * Gives claimed records back for another attempt at `retryAt`, with what went wrong; `unreachable`: the AEAT
     * could not be reached, so they go flagged as sent after an incident (Incidencia = S).
     */
    async retry(
      claims: { recordId: number; attempts: number }[],
      error: { code: string; description: string; unreachable?: boolean },
      retryAt: Date,
      tx: Tx,
    ): Promise<void> {
      for (const claim of claims) {
        await tx
          .update(verifactuSubmissions)
          .set({
            status: 'pendiente',
            nextAttemptAt: retryAt,
            lastErrorCode: error.code,
            lastErrorDescription: error.description,
            ...(error.unreachable ? { incident: true } : {}),
          })
          .where(fenced(claim));
      }
    },

    /**
     * Gives back to `pendiente`, due at `now`, every record of an issuer whose last answer was a SOAP Fault of the
     * client's (`rechazado` with `fault`), once a person has fixed its cause; its attempts are kept, and the issuer's
     * window still decides when it goes. Records rejected by a line of an answer are not touched: the desk corrects
     * those (invoices/corrections.ts). Answers how many went back.
     */
    async requeueFaulted(issuerNif: string, mode: BillingMode, now: Date, tx: Tx): Promise<number> {
      const rows = await tx
        .update(verifactuSubmissions)
        .set({ status: 'pendiente', nextAttemptAt: now, fault: false })
        .where(
          and(
            eq(verifactuSubmissions.issuerNif, issuerNif),
            eq(verifactuSubmissions.mode, mode),
            eq(verifactuSubmissions.status, 'rechazado'),
            eq(verifactuSubmissions.fault, true),
          ),
        )
        .returning({ id: verifactuSubmissions.recordId });
      return rows.length;
    },

    /** Closes a chain's window until `notBefore` and keeps the last answer (or failure) for the admin screen. */
    async setWindow(
      chain: { issuerNif: string; mode: BillingMode },
      notBefore: Date,
      answer: AnswerSummary,
      tx: Tx,
    ): Promise<void> {
      await tx
        .update(verifactuSendWindows)
        .set({
          notBefore,
          lastAnswerAt: answer.at,
          lastStatus: answer.status,
          lastCsv: answer.csv,
          lastWaitSeconds: answer.waitSeconds,
          lastError: answer.error,
        })
        .where(and(eq(verifactuSendWindows.issuerNif, chain.issuerNif), eq(verifactuSendWindows.mode, chain.mode)));
    },

    /** The record `correctionId` corrects `recordId`: it is no longer «pendiente de corregir». */
    async markCorrected(recordId: number, correctionId: number, tx: Tx): Promise<void> {
      await tx
        .update(verifactuSubmissions)
        .set({ correctedBy: correctionId })
        .where(eq(verifactuSubmissions.recordId, recordId));
    },

    /** How many records of each chain are in each state (and refused by a Fault or not), and its last answer. */
    async summary(tx: Db = db) {
      const [counts, windows] = await Promise.all([
        tx
          .select({
            issuerNif: verifactuSubmissions.issuerNif,
            mode: verifactuSubmissions.mode,
            status: verifactuSubmissions.status,
            fault: verifactuSubmissions.fault,
            incident: verifactuSubmissions.incident,
            count: sql<number>`count(*)::int`,
          })
          .from(verifactuSubmissions)
          .groupBy(
            verifactuSubmissions.issuerNif,
            verifactuSubmissions.mode,
            verifactuSubmissions.status,
            verifactuSubmissions.fault,
            verifactuSubmissions.incident,
          ),
        tx.select().from(verifactuSendWindows),
      ]);
      return { counts, windows };
    },

    /** One record's send state (tests and the record's own view). */
    async findByRecord(recordId: number, tx: Db = db) {
      const [row] = await tx.select().from(verifactuSubmissions).where(eq(verifactuSubmissions.recordId, recordId));
      return row;
    },

    async window(issuerNif: string, mode: BillingMode = 'pruebas', tx: Db = db) {
      const [row] = await tx
        .select()
        .from(verifactuSendWindows)
        .where(and(eq(verifactuSendWindows.issuerNif, issuerNif), eq(verifactuSendWindows.mode, mode)));
      return row;
    },

    /** Every record with its send state, in chain order (tests). */
    async list(tx: Db = db) {
      return tx
        .select({ record: verifactuRecords, submission: verifactuSubmissions })
        .from(verifactuRecords)
        .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
        .orderBy(asc(verifactuRecords.issuerNif), asc(verifactuRecords.mode), asc(verifactuRecords.position));
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
