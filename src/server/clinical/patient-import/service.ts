import type { FastifyBaseLogger } from 'fastify';
import {
  IMPORT_UNDO_DAYS,
  mappingProblem,
  type DuplicateChoice,
  type ImportDryRun,
  type ImportMapping,
  type ImportTarget,
  type ImportView,
} from '../../../common/schemas/patient-import';
import { clock, durationMs, minus } from '../../platform';
import type { Config, Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import { AppError, notFound, pgErrorCode, validationError } from '../../platform';
import type { Repositories } from '../deps';
import { DEFAULT_FILES_MAX_MB, sanitizeFileName } from '../files/names';
import { appointmentDryRun, patientKeysOf, planAppointments, type PlannedAppointment } from './appointment-plan';
import { writeAppointmentChunk } from './appointment-writer';
import { present } from './present';
import { documentDryRun, documentLookupKeys, planDocuments, type PlannedDocument } from './document-plan';
import { writeDocumentChunk } from './document-writer';
import { documentContents, readDocumentsZip } from './documents-zip';
import { errorReportCsv } from './error-report';
import { guessMapping } from './headers';
import { writePatientChunk, type ImportActor } from './patient-writer';
import { dryRunOf, planImport, type PlannedRow } from './plan';
import type { PatientImportSummary } from './repository';
import { readTable, UnreadableFileError, type Table } from './table';
import { runUndo } from './undo';

export const IMPORT_NOT_FOUND = 'Importación no encontrada';
/** Rows written per transaction: each commits with its audit entries and the progress. */
export const IMPORT_CHUNK_ROWS = 1000;
/** Documents filed per transaction: a chunk holds their contents (up to `FILES_MAX_MB` each) in memory. */
export const DOCUMENT_CHUNK_ROWS = 20;
/** A worker that has not reported for this long is taken for gone: another resumes its import. */
export const IMPORT_STALE_MS = durationMs({ minutes: 2 });

/** The name an import keeps when its file came without one. */
const DEFAULT_NAMES: Record<ImportTarget, string> = {
  patients: 'pacientes',
  appointments: 'citas',
  documents: 'documentos',
};

export interface PlanInput {
  mapping: ImportMapping;
  choices: Record<string, DuplicateChoice>;
  defaultChoice: DuplicateChoice | null;
}

/**
 * Import of patients from the previous program (issue 37, item 3): the file is read and kept; a dry run
 * says what would happen; the run goes on in the background (`runPending`, driven by the worker) in chunks of
 * a thousand rows, each its own transaction with the rows' audit entries and the progress, resumable after
 * a crash; an undo takes the whole import back within a week, but for records touched since.
 */
export function createPatientImportService(deps: {
  db: Db;
  repos: Repositories;
  log: FastifyBaseLogger;
  config?: Pick<Config, 'filesMaxMb'>;
}) {
  const { db, repos } = deps;
  const readFile = (target: ImportTarget, bytes: Uint8Array) =>
    target === 'documents' ? readDocumentsZip(bytes) : readTable(bytes);
  const repo = repos.patientImports;
  /** The last files read (their content never changes): the dry runs and the run read one file once. */
  const tables = new Map<string, Table>();

  async function contentOf(id: string): Promise<Buffer> {
    const content = await repo.content(id);
    if (!content) throw new AppError(410, 'NOT_FOUND', 'El archivo de esta importación ya no se conserva.');
    return content;
  }

  async function tableOf(row: PatientImportSummary): Promise<Table> {
    const { id } = row;
    const cached = tables.get(id);
    if (cached) return cached;
    const table = readFile(row.target, await contentOf(id));
    tables.set(id, table);
    while (tables.size > 2) tables.delete(tables.keys().next().value!);
    return table;
  }

  async function find(id: string): Promise<PatientImportSummary> {
    const row = await repo.findById(id);
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  async function checkedTable(row: PatientImportSummary, input: PlanInput): Promise<Table> {
    const table = await tableOf(row);
    const problem = mappingProblem(input.mapping, table.header, row.target);
    if (problem) throw validationError({ mapping: problem });
    return table;
  }

  /** The plan of a file of patients; `except`: records this import already wrote (a resumed run). */
  async function planPatients(row: PatientImportSummary, input: PlanInput, except = new Set<string>()) {
    const table = await checkedTable(row, input);
    const { timeZone } = await repos.clinic.getSettings();
    return planImport({
      importId: row.id,
      rows: table.rows,
      mapping: input.mapping,
      choices: input.choices,
      defaultChoice: input.defaultChoice,
      existing: await repo.existingPatients(except),
      today: clock.today(timeZone).toString(),
    });
  }

  /** The plan of a file of future appointments; `except`: appointments this import already booked. */
  async function planBookings(row: PatientImportSummary, input: PlanInput, except = new Set<string>()) {
    const table = await checkedTable(row, input);
    const { timeZone } = await repos.clinic.getSettings();
    const keys = patientKeysOf(table.rows, input.mapping);
    const now = clock.now();
    const booked = await repo.bookedFrom(minus(now, { hours: 12 }));
    return planAppointments({
      importId: row.id,
      rows: table.rows,
      mapping: input.mapping,
      doctors: await repos.doctors.list(),
      byDocument: await repo.patientsByDocuments(keys.documents),
      byCode: await repo.patientsByCodes(keys.codes),
      booked: except.size > 0 ? booked.filter((b) => !except.has(b.id)) : booked,
      timeZone,
      nowMs: now.getTime(),
    });
  }

  /** The plan of a ZIP of documents, with the contents it files; `except`: documents this import already filed. */
  async function planFiles(row: PatientImportSummary, input: PlanInput, except = new Set<string>()) {
    const table = await checkedTable(row, input);
    const column = input.mapping.indexOf('documentFile');
    const contents = documentContents(await contentOf(row.id), new Set(table.rows.map((r) => r.cells[column] ?? '')));
    const keys = documentLookupKeys(table.rows.map((r) => ({ line: r.line, cells: [r.cells[column] ?? ''] })));
    const byDocument = await repo.patientsByDocuments(keys.documents);
    const byCode = await repo.patientsByCodes(keys.codes);
    const patientIds = [...new Set([...byDocument.values(), ...byCode.values()].map((found) => found.id))];
    const existing = (await repos.files.liveOfPatients(patientIds)).filter((file) => !except.has(file.id));
    const maxMb = deps.config?.filesMaxMb ?? DEFAULT_FILES_MAX_MB;
    const plan = await planDocuments({
      rows: table.rows,
      mapping: input.mapping,
      contents,
      byDocument,
      byCode,
      existing,
      maxBytes: maxMb * 1024 * 1024,
    });
    return { ...plan, contents };
  }

  /** The rows a plan refuses, with their reason, by the kind of file. */
  async function plannedErrors(row: PatientImportSummary, input: PlanInput) {
    const planned =
      row.target === 'appointments'
        ? await planBookings(row, input)
        : row.target === 'documents'
          ? await planFiles(row, input)
          : await planPatients(row, input);
    return (planned.rows as { line: number; action: string; reason: string }[]).filter(
      (entry) => entry.action === 'error',
    );
  }

  const planOf = (row: PatientImportSummary): PlanInput => ({
    mapping: row.mapping as ImportMapping,
    choices: row.choices as Record<string, DuplicateChoice>,
    defaultChoice: row.defaultChoice,
  });

  const service = {
    /** Reads the file (refused in Spanish when it is not a table) and keeps it with the mapping guessed. */
    async upload(input: {
      fileName: string;
      content: Buffer;
      actorId: string;
      target?: ImportTarget;
    }): Promise<ImportView> {
      const target = input.target ?? 'patients';
      let table: Table;
      try {
        table = readFile(target, input.content);
      } catch (error) {
        if (error instanceof UnreadableFileError) throw new AppError(400, 'VALIDATION', error.message);
        throw error;
      }
      const created = await transact(db, (tx) =>
        repo.create(
          {
            target,
            fileName: sanitizeFileName(input.fileName, '') || DEFAULT_NAMES[target],
            kind: table.kind,
            encoding: table.encoding,
            separator: table.separator,
            content: input.content,
            header: table.header,
            sample: table.rows.slice(0, 5).map((row) => table.header.map((_, index) => row.cells[index] ?? '')),
            totalRows: table.rows.length,
            mapping: guessMapping(table.header, target),
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
      const result =
        row.target === 'appointments'
          ? appointmentDryRun(await planBookings(row, input))
          : row.target === 'documents'
            ? documentDryRun(await planFiles(row, input))
            : dryRunOf(await planPatients(row, input));
      await transact(db, (tx) =>
        repo.saveDraft(id, { mapping: input.mapping, choices: input.choices, defaultChoice: input.defaultChoice }, tx),
      );
      return result;
    },

    /** Queues the import with this mapping and these choices: a worker carries it out. */
    async start(id: string, input: PlanInput): Promise<ImportView> {
      const row = await find(id);
      await checkedTable(row, input);
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
      const since = minus(clock.nowMs(), { days: IMPORT_UNDO_DAYS });
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
      const table = await tableOf(row);
      const errors = row.status === 'uploaded' ? await plannedErrors(row, planOf(row)) : await repo.errorRows(row.id);
      const base = row.fileName.replace(/\.[^.]*$/, '') || 'importacion';
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
        const claimed = await transact(db, (tx) =>
          repo.claimNext(now, minus(now, { milliseconds: IMPORT_STALE_MS }), tx),
        );
        if (!claimed) return finished;
        const row = (await repo.findById(claimed.id))!;
        try {
          const done =
            claimed.status === 'running'
              ? await runImport(row, signal)
              : await runUndo(db, repo, repos.files, row, signal);
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
      // A day after the undo's week is over.
      return repo.dropOldFiles(minus(clock.nowMs(), { days: IMPORT_UNDO_DAYS + 1 }));
    },
  };

  /** Answers false when `signal` stopped it between two chunks (what is written stays; it resumes from there). */
  async function runImport(row: PatientImportSummary, signal?: AbortSignal): Promise<boolean> {
    const actor: ImportActor = { id: row.createdBy, role: 'admin' };
    // What this import already wrote (a resumed run) is its own planned rows, not duplicates or overlaps.
    const written = await repo.createdIds(row.id);
    let done: boolean;
    if (row.target === 'documents') {
      const planned = await planFiles(row, planOf(row), written);
      done = await writeInChunks(
        row,
        planned.rows,
        (chunk, tx) => writeDocumentChunk(repos, row.id, row.fileName, chunk, planned.contents, actor, tx),
        (single, reason): PlannedDocument => ({ ...single, action: 'error', reason, fileId: null }),
        () => null,
        signal,
        DOCUMENT_CHUNK_ROWS,
      );
    } else if (row.target === 'appointments') {
      const planned = await planBookings(row, planOf(row), written);
      done = await writeInChunks(
        row,
        planned.rows,
        (chunk, tx) => writeAppointmentChunk(repo, row.id, chunk, actor, tx),
        (single, reason): PlannedAppointment => ({ ...single, action: 'error', reason, appointmentId: null }),
        (error) =>
          pgErrorCode(error) === '23P01'
            ? 'El profesional ya tiene otra cita a esa hora (se dio durante la importación)'
            : null,
        signal,
      );
    } else {
      const planned = await planPatients(row, planOf(row), written);
      /** Records whose creation failed: a later row updating them fails too, saying why. */
      const failed = new Map<string, number>();
      done = await writeInChunks(
        row,
        planned.rows,
        (chunk, tx) => writePatientChunk(repo, row.id, chunk, actor, failed, tx),
        (single, reason): PlannedRow => {
          if (single.action === 'create' && single.patientId) failed.set(single.patientId, single.line);
          return { ...single, action: 'error', reason, patientId: null };
        },
        (error) =>
          pgErrorCode(error) === '23505'
            ? 'Ya existe un paciente con ese documento (se dio de alta durante la importación)'
            : null,
        signal,
      );
    }
    if (done) await transact(db, (tx) => repo.finish(row.id, clock.now(), tx));
    return done;
  }

  /**
   * Writes the rows after the import's progress in chunks, each one transaction. A chunk the database refuses
   * (a document or a time someone took meanwhile) is written row by row, a refused row becoming an error with
   * its reason (`reasonOf` names the known ones): one bad row never loses the others.
   */
  async function writeInChunks<T extends { line: number }>(
    row: PatientImportSummary,
    rows: T[],
    write: (chunk: T[], tx: Tx) => Promise<void>,
    asError: (row: T, reason: string) => T,
    reasonOf: (error: unknown) => string | null,
    signal?: AbortSignal,
    chunkRows = IMPORT_CHUNK_ROWS,
  ): Promise<boolean> {
    const pending = rows.filter((planned) => planned.line > row.processedRows);
    for (let start = 0; start < pending.length; start += chunkRows) {
      if (signal?.aborted) return false;
      const chunk = pending.slice(start, start + chunkRows);
      try {
        await transact(db, (tx) => write(chunk, tx));
      } catch (error) {
        deps.log.warn({ code: pgErrorCode(error) }, 'import chunk refused; writing it row by row');
        for (const single of chunk) {
          try {
            await transact(db, (tx) => write([single], tx));
          } catch (rowError) {
            const refused = asError(single, reasonOf(rowError) ?? 'No se pudo guardar esta fila');
            await transact(db, (tx) => write([refused], tx));
          }
        }
      }
    }
    return true;
  }

  return service;
}

export type PatientImportService = ReturnType<typeof createPatientImportService>;
