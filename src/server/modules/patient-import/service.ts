import type { FastifyBaseLogger } from 'fastify';
import {
  IMPORT_UNDO_DAYS,
  mappingProblem,
  type DuplicateChoice,
  type ImportDryRun,
  type ImportMapping,
  type ImportView,
} from '../../../common/schemas/patient-import';
import { clock } from '../../clock';
import type { Db } from '../../db/client';
import { transact, type Tx } from '../../db/transaction';
import { AppError, notFound, pgErrorCode, validationError } from '../../errors';
import type { AuditContext } from '../audit/audited';
import { writeAuditEntries, type AuditEntry } from '../audit/repository';
import type { Repositories } from '../repositories';
import { sanitizeFileName } from '../files/names';
import { errorReportCsv } from './error-report';
import { guessMapping } from './headers';
import { dryRunOf, planImport, type ImportPlan, type PlannedRow } from './plan';
import type { ImportRowRecord, PatientFields, PatientImportSummary } from './repository';
import type { RecordField } from './rows';
import { readTable, UnreadableFileError, type Table } from './table';

export const IMPORT_NOT_FOUND = 'Importación no encontrada';
/** Rows written per transaction: each commits with its audit entries and the progress. */
export const IMPORT_CHUNK_ROWS = 1000;
/** A worker that has not reported for this long is taken for gone: another resumes its import. */
export const IMPORT_STALE_MS = 2 * 60_000;
const UNDO_MS = IMPORT_UNDO_DAYS * 24 * 3_600_000;
/** Text fields an update adds to instead of replacing: the clinic's own notes are never lost. */
const APPENDED: RecordField[] = ['allergies', 'medicalHistory', 'notes'];

export interface PlanInput {
  mapping: ImportMapping;
  choices: Record<string, DuplicateChoice>;
  defaultChoice: DuplicateChoice | null;
}

function present(row: PatientImportSummary): ImportView {
  const undoUntil = row.status === 'done' && row.finishedAt ? new Date(row.finishedAt.getTime() + UNDO_MS) : null;
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind,
    encoding: row.encoding,
    separator: row.separator,
    header: row.header,
    sample: row.sample,
    totalRows: row.totalRows,
    mapping: row.mapping as ImportMapping,
    status: row.status,
    processedRows: row.createdCount + row.updatedCount + row.skippedCount + row.errorCount,
    counts: { create: row.createdCount, update: row.updatedCount, skip: row.skippedCount, error: row.errorCount },
    keptOnUndo: row.keptOnUndo,
    createdBy: row.createdByName ?? '',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoUntil: undoUntil && undoUntil.getTime() > clock.nowMs() ? undoUntil.toISOString() : null,
    failure: row.failure,
  };
}

/**
 * Import of patients from the previous program (issue 37, item 3): the file is read and kept; a dry run
 * says what would happen; the run goes on in the background (`runPending`, driven by the worker) in chunks of
 * a thousand rows, each its own transaction with the rows' audit entries and the progress, resumable after
 * a crash; an undo takes the whole import back within a week, but for records touched since.
 */
export function createPatientImportService(deps: { db: Db; repos: Repositories; log: FastifyBaseLogger }) {
  const { db, repos } = deps;
  const repo = repos.patientImports;
  /** The last files read (their content never changes): the dry runs and the run read one file once. */
  const tables = new Map<string, Table>();

  async function tableOf(id: string): Promise<Table> {
    const cached = tables.get(id);
    if (cached) return cached;
    const content = await repo.content(id);
    if (!content) throw new AppError(410, 'NOT_FOUND', 'El archivo de esta importación ya no se conserva.');
    const table = readTable(content);
    tables.set(id, table);
    while (tables.size > 2) tables.delete(tables.keys().next().value!);
    return table;
  }

  async function find(id: string): Promise<PatientImportSummary> {
    const row = await repo.findById(id);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  async function today(): Promise<string> {
    const { timeZone } = await repos.clinic.getSettings();
    return clock.today(timeZone).toString();
  }

  async function plan(row: PatientImportSummary, input: PlanInput, except = new Set<string>()): Promise<ImportPlan> {
    const table = await tableOf(row.id);
    const problem = mappingProblem(input.mapping, table.header);
    if (problem) throw validationError({ mapping: problem });
    return planImport({
      importId: row.id,
      rows: table.rows,
      mapping: input.mapping,
      choices: input.choices,
      defaultChoice: input.defaultChoice,
      existing: await repo.existingPatients(except),
      today: await today(),
    });
  }

  const service = {
    /** Reads the file (refused in Spanish when it is not a table) and keeps it with the mapping guessed. */
    async upload(input: { fileName: string; content: Buffer; actorId: string }): Promise<ImportView> {
      let table: Table;
      try {
        table = readTable(input.content);
      } catch (error) {
        if (error instanceof UnreadableFileError) throw new AppError(400, 'VALIDATION', error.message);
        throw error;
      }
      const created = await transact(db, (tx) =>
        repo.create(
          {
            fileName: sanitizeFileName(input.fileName, '') || 'pacientes',
            kind: table.kind,
            encoding: table.encoding,
            separator: table.separator,
            content: input.content,
            header: table.header,
            sample: table.rows.slice(0, 5).map((row) => table.header.map((_, index) => row.cells[index] ?? '')),
            totalRows: table.rows.length,
            mapping: guessMapping(table.header),
            createdBy: input.actorId,
            createdAt: clock.now(),
          },
          tx,
        ),
      );
      tables.set(created.id, table);
      return present((await repo.findById(created.id))!);
    },

    async view(id: string): Promise<ImportView> {
      return present(await find(id));
    },

    async list(): Promise<ImportView[]> {
      return (await repo.list(20)).map(present);
    },

    /** What the import would do with this mapping and these choices; nothing is written. */
    async dryRun(id: string, input: PlanInput): Promise<ImportDryRun> {
      const row = await find(id);
      if (row.status !== 'uploaded') throw new AppError(409, 'CONFLICT', 'Esta importación ya se ha lanzado.');
      const result = dryRunOf(await plan(row, input));
      await transact(db, (tx) =>
        repo.saveDraft(id, { mapping: input.mapping, choices: input.choices, defaultChoice: input.defaultChoice }, tx),
      );
      return result;
    },

    /** Queues the import with this mapping and these choices: a worker carries it out. */
    async start(id: string, input: PlanInput): Promise<ImportView> {
      const row = await find(id);
      const table = await tableOf(row.id);
      const problem = mappingProblem(input.mapping, table.header);
      if (problem) throw validationError({ mapping: problem });
      const queued = await transact(db, (tx) =>
        repo.queue(
          id,
          { mapping: input.mapping, choices: input.choices, defaultChoice: input.defaultChoice },
          clock.now(),
          tx,
        ),
      );
      if (!queued) throw new AppError(409, 'CONFLICT', 'Esta importación ya se ha lanzado.');
      return present(await find(id));
    },

    /** Queues the undo of a finished import, within its week. */
    async undo(id: string, actorId: string): Promise<ImportView> {
      const row = await find(id);
      const since = new Date(clock.nowMs() - UNDO_MS);
      const queued = await transact(db, (tx) => repo.queueUndo(id, actorId, since, clock.now(), tx));
      if (!queued) {
        if (row.status === 'done')
          throw new AppError(
            409,
            'CONFLICT',
            `Una importación solo se puede deshacer durante ${IMPORT_UNDO_DAYS} días: esta ya no.`,
          );
        throw new AppError(409, 'CONFLICT', 'Solo se puede deshacer una importación terminada.');
      }
      return present(await find(id));
    },

    /** The rows not imported, as they were in the file, with their row number and reason: to fix and import again. */
    async errorReport(id: string): Promise<{ fileName: string; csv: string }> {
      const row = await find(id);
      const table = await tableOf(row.id);
      let errors: { line: number; reason: string }[];
      if (row.status === 'uploaded') {
        const dry = await plan(row, {
          mapping: row.mapping as ImportMapping,
          choices: row.choices as Record<string, DuplicateChoice>,
          defaultChoice: row.defaultChoice,
        });
        errors = dry.rows.filter((planned) => planned.action === 'error');
      } else errors = await repo.errorRows(row.id);
      const base = row.fileName.replace(/\.[^.]*$/, '') || 'pacientes';
      return { fileName: `${base}-errores.csv`, csv: errorReportCsv(table, errors) };
    },

    /**
     * Carries out every queued import and undo (and any a stopped worker left), one after the other.
     * Answers how many it finished. The worker calls it when woken; tests call it directly.
     */
    async runPending(signal?: AbortSignal): Promise<number> {
      let finished = 0;
      for (;;) {
        const now = clock.now();
        const claimed = await transact(db, (tx) => repo.claimNext(now, new Date(now.getTime() - IMPORT_STALE_MS), tx));
        if (!claimed) return finished;
        const row = (await repo.findById(claimed.id))!;
        try {
          const done = claimed.status === 'running' ? await runImport(row, signal) : await runUndo(row, signal);
          if (!done) {
            // The server is stopping: the next worker (here or on another instance) resumes at once.
            await repo.fail(row.id, null);
            return finished;
          }
          finished++;
        } catch (error) {
          deps.log.error({ err: { name: (error as Error).name, code: pgErrorCode(error) } }, 'patient import stopped');
          await repo.fail(row.id, 'La importación se interrumpió por un error del servidor; se reanudará sola.');
          return finished;
        }
      }
    },

    /** Forgets the files of imports whose week is over (the outcome of each row stays). */
    async dropOldFiles(): Promise<number> {
      return repo.dropOldFiles(new Date(clock.nowMs() - UNDO_MS - 24 * 3_600_000));
    },
  };

  /** Answers false when `signal` stopped it between two chunks (what is written stays; it resumes from there). */
  async function runImport(row: PatientImportSummary, signal?: AbortSignal): Promise<boolean> {
    // Records this import already wrote (a resumed run) are its own planned rows, not duplicates.
    const written = await repo.createdIds(row.id);
    const planned = await plan(
      row,
      {
        mapping: row.mapping as ImportMapping,
        choices: row.choices as Record<string, DuplicateChoice>,
        defaultChoice: row.defaultChoice,
      },
      written,
    );
    const actor = { id: row.createdBy, role: 'admin' as const };
    const pending = planned.rows.filter((planned) => planned.line > row.processedRows);
    /** Records whose creation failed: a later row updating them fails too, saying why. */
    const failed = new Map<string, number>();
    for (let start = 0; start < pending.length; start += IMPORT_CHUNK_ROWS) {
      if (signal?.aborted) return false;
      const chunk = pending.slice(start, start + IMPORT_CHUNK_ROWS);
      try {
        await transact(db, (tx) => writeChunk(row.id, chunk, actor, failed, tx));
      } catch (error) {
        // One bad row (a document someone registered meanwhile…) must not lose the others: row by row.
        deps.log.warn({ code: pgErrorCode(error) }, 'patient import chunk refused; writing it row by row');
        for (const single of chunk) {
          try {
            await transact(db, (tx) => writeChunk(row.id, [single], actor, failed, tx));
          } catch (rowError) {
            const reason =
              pgErrorCode(rowError) === '23505'
                ? 'Ya existe un paciente con ese documento (se dio de alta durante la importación)'
                : 'No se pudo guardar esta fila';
            if (single.action === 'create' && single.patientId) failed.set(single.patientId, single.line);
            await transact(db, (tx) =>
              writeChunk(row.id, [{ ...single, action: 'error', reason, patientId: null }], actor, failed, tx),
            );
          }
        }
      }
    }
    await transact(db, (tx) => repo.finish(row.id, clock.now(), tx));
    return true;
  }

  async function writeChunk(
    importId: string,
    chunk: PlannedRow[],
    actor: AuditContext['actor'] & object,
    failed: Map<string, number>,
    tx: Tx,
  ): Promise<void> {
    const writtenAt = clock.now();
    const records: ImportRowRecord[] = [];
    const audit: AuditEntry[] = [];
    const counts = { created: 0, updated: 0, skipped: 0, errors: 0 };
    const error = (planned: PlannedRow, reason: string) => {
      records.push({ importId, line: planned.line, action: 'error', code: planned.code, reason });
      counts.errors++;
    };

    const creates = chunk.filter((planned) => planned.action === 'create');
    await repo.insertPatients(
      creates.map((planned) => ({
        ...planned.values,
        id: planned.patientId!,
        createdBy: actor.id,
        createdAt: writtenAt,
        updatedAt: writtenAt,
      })),
      tx,
    );
    const targets = [...new Set(chunk.filter((p) => p.action === 'update').map((p) => p.patientId!))];
    const current = new Map(
      (await repo.lockPatients(targets, tx)).map(({ patient, updatedAtText }) => [
        patient.id,
        { fields: patient as PatientFields, updatedAt: updatedAtText },
      ]),
    );
    for (const planned of chunk) {
      if (planned.action === 'error') {
        error(planned, planned.reason);
        continue;
      }
      if (planned.action === 'skip') {
        records.push({
          importId,
          line: planned.line,
          action: 'skip',
          patientId: planned.patientId,
          code: planned.code,
        });
        counts.skipped++;
        continue;
      }
      if (planned.action === 'create') {
        records.push({
          importId,
          line: planned.line,
          action: 'create',
          patientId: planned.patientId,
          code: planned.code,
          writtenAt,
        });
        audit.push(auditOf(planned, 'create'));
        counts.created++;
        continue;
      }
      const target = current.get(planned.patientId!);
      if (!target) {
        const createdAt = failed.get(planned.patientId!);
        error(
          planned,
          createdAt
            ? `La ficha que actualizaba (la de la fila ${createdAt}) no se pudo crear`
            : 'La ficha que iba a actualizar ya no existe',
        );
        continue;
      }
      const changes: Partial<PatientFields> = {};
      const previous: Record<string, unknown> = {};
      for (const field of planned.given) {
        const before = target.fields[field];
        let after = planned.values[field];
        if (APPENDED.includes(field) && typeof before === 'string' && before.trim() !== '') {
          if (before.includes(String(after))) continue;
          after = `${before}\n${after}`;
        }
        if (before === after) continue;
        (changes as Record<string, unknown>)[field] = after;
        previous[field] = before;
      }
      records.push({
        importId,
        line: planned.line,
        action: 'update',
        patientId: planned.patientId,
        code: planned.code,
        previous: { fields: previous, updatedAt: target.updatedAt },
        writtenAt,
      });
      await repo.updatePatient(planned.patientId!, target.fields, changes, writtenAt, tx);
      target.fields = { ...target.fields, ...changes };
      target.updatedAt = writtenAt.toISOString();
      audit.push(auditOf(planned, 'update', Object.keys(changes)));
      counts.updated++;
    }
    await repo.insertRows(records, tx);
    await writeAuditEntries(tx, audit);
    await repo.advance(importId, chunk[chunk.length - 1]!.line, counts, clock.now(), tx);

    function auditOf(planned: PlannedRow, kind: 'create' | 'update', fields?: string[]): AuditEntry {
      return {
        actor,
        action: 'import',
        entity: 'patient',
        entityId: planned.patientId!,
        patientId: planned.patientId!,
        details: { importId, line: planned.line, ...(kind === 'update' ? { fields } : {}) },
      };
    }
  }

  async function runUndo(row: PatientImportSummary, signal?: AbortSignal): Promise<boolean> {
    const actor = { id: row.undoneBy ?? row.createdBy, role: 'admin' as const };
    let before = 2_147_483_647;
    for (;;) {
      if (signal?.aborted) return false;
      const rows = await repo.rowsToUndo(row.id, before, 500);
      if (rows.length === 0) break;
      before = rows[rows.length - 1]!.line;
      await transact(db, async (tx) => {
        const undone = new Set<number>();
        const kept: number[] = [];
        const audit: AuditEntry[] = [];
        const updates = rows.filter((r) => r.action === 'update');
        const locked = new Map(
          (await repo.lockPatients([...new Set(updates.map((r) => r.patientId!))], tx)).map(({ patient }) => [
            patient.id,
            patient,
          ]),
        );
        // Last written first: a row that updated a record created earlier in the file is put back before
        // that record's creation is undone.
        for (const update of updates) {
          const patient = locked.get(update.patientId!);
          if (!patient || patient.updatedAt.getTime() !== update.writtenAt?.getTime()) {
            kept.push(update.line);
            continue;
          }
          const previous = update.previous as { fields: Partial<PatientFields>; updatedAt: string };
          await repo.updatePatient(patient.id, patient as PatientFields, previous.fields, previous.updatedAt, tx);
          locked.set(patient.id, { ...patient, ...previous.fields, updatedAt: new Date(previous.updatedAt) });
          undone.add(update.line);
        }
        const creates = rows.filter((r) => r.action === 'create');
        const deleted = await repo.deleteUntouched(
          row.id,
          creates.map((r) => r.line),
          tx,
        );
        for (const create of creates) {
          if (deleted.has(create.patientId!)) undone.add(create.line);
          else kept.push(create.line);
        }
        for (const r of rows) {
          if (!undone.has(r.line)) continue;
          audit.push({
            actor,
            action: 'undo',
            entity: 'patient',
            entityId: r.patientId!,
            patientId: r.patientId!,
            details: { via: 'import', importId: row.id, line: r.line },
          });
        }
        await repo.markUndo(row.id, [...undone], 'undone', tx);
        await repo.markUndo(row.id, kept, 'kept', tx);
        await writeAuditEntries(tx, audit);
        await repo.addKept(row.id, kept.length, clock.now(), tx);
      });
    }
    await transact(db, (tx) => repo.finishUndo(row.id, clock.now(), tx));
    return true;
  }

  return service;
}

export type PatientImportService = ReturnType<typeof createPatientImportService>;
