import { gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointments, insurers, patientImportRows, patientImports, patients, profiles } from '../../platform';
import { searchColumns } from '../../identity';
import type { DocumentType } from '../../../common/identity-document';
import type { SEXES } from '../../../common/schemas/patients';

export type PatientImportRow = Omit<typeof patientImports.$inferSelect, 'content'>;
export type PatientImportSummary = Omit<PatientImportRow, 'content'> & { createdByName: string | null };
export type ImportRowRecord = typeof patientImportRows.$inferInsert;

/** The channel a queued import (or undo) is announced on, so a worker starts it at once. */
export const PATIENT_IMPORT_CHANNEL = 'clinica_patient_import';

/** A record's fields as the import writes them and the undo puts them back. */
export interface PatientFields {
  firstName: string;
  lastName: string;
  documentType: DocumentType | null;
  documentNumber: string | null;
  birthDate: string | null;
  sex: (typeof SEXES)[number] | null;
  phone: string;
  email: string;
  address: string;
  insurer: string;
  policyNumber: string;
  allergies: string;
  medicalHistory: string;
  notes: string;
}

/** A record of the clinic as duplicates are found by. */
export interface ExistingPatient {
  id: string;
  firstName: string;
  lastName: string;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  phone: string;
  email: string;
}

const { content: _content, ...withoutContent } = getTableColumns(patientImports);

function summaryColumns() {
  return { ...withoutContent, createdByName: profiles.displayName };
}

/** Statuses whose work a worker carries out. */
const PENDING = ['queued', 'running', 'undo_queued', 'undoing'] as const;

/**
 * The insurer a name read from the file stands for (issue 36, item 1): one of «Aseguradoras» matched by name, case and
 * spaces aside, made without CIF when there is none (as migration 0046 did with the free text of before).
 */
const insurerNamed = (name: SQL) =>
  sql`(SELECT i.id FROM ${insurers} i WHERE lower(i.name) = lower(btrim(${name})) AND btrim(${name}) <> '')`;

/** Makes an insurer of each name of `names` (a one-column query) that «Aseguradoras» lacks. */
async function addInsurers(names: SQL, tx: Tx) {
  await tx.execute(sql`
    INSERT INTO ${insurers} (name)
    SELECT DISTINCT ON (lower(btrim(n.name))) btrim(n.name) FROM (${names}) AS n(name)
     WHERE btrim(n.name) <> '' ORDER BY lower(btrim(n.name))
    ON CONFLICT DO NOTHING`);
}

export function createPatientImportRepository(db: Db) {
  /** Tables whose rows name a patient (foreign keys to `patients`), read from the catalogue once. */
  let referencing: { table: string; column: string }[] | undefined;
  async function referencingColumns(tx: Db) {
    if (!referencing) {
      const result = await tx.execute(sql`
        SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'patients'::regclass
        ORDER BY 1, 2`);
      referencing = (result as unknown as { rows: { table: string; column: string }[] }).rows;
    }
    return referencing;
  }

  return {
    async create(
      input: Pick<
        typeof patientImports.$inferInsert,
        | 'target'
        | 'fileName'
        | 'kind'
        | 'encoding'
        | 'separator'
        | 'header'
        | 'sample'
        | 'totalRows'
        | 'mapping'
        | 'createdBy'
        | 'createdAt'
      > & { content: Buffer },
      tx: Tx,
    ): Promise<{ id: string }> {
      const content = gzipSync(input.content, { level: 1 }).toString('base64');
      const [row] = await tx
        .insert(patientImports)
        .values({ ...input, content })
        .returning({ id: patientImports.id });
      return row!;
    },

    async findById(id: string, tx: Db = db): Promise<PatientImportSummary | undefined> {
      const [row] = await tx
        .select(summaryColumns())
        .from(patientImports)
        .leftJoin(profiles, eq(profiles.id, patientImports.createdBy))
        .where(eq(patientImports.id, id));
      return row;
    },

    /** The file of an import, while it is kept. */
    async content(id: string, tx: Db = db): Promise<Buffer | null> {
      const [row] = await tx
        .select({ content: patientImports.content })
        .from(patientImports)
        .where(eq(patientImports.id, id));
      return row?.content ? gunzipSync(Buffer.from(row.content, 'base64')) : null;
    },

    async list(limit: number, tx: Db = db): Promise<PatientImportSummary[]> {
      return tx
        .select(summaryColumns())
        .from(patientImports)
        .leftJoin(profiles, eq(profiles.id, patientImports.createdBy))
        .orderBy(desc(patientImports.createdAt), desc(patientImports.id))
        .limit(limit);
    },

    /** Keeps the mapping and choices of the last dry run of an import not yet started (the page and its error file read them). */
    async saveDraft(id: string, plan: Pick<PatientImportRow, 'mapping' | 'choices' | 'defaultChoice'>, tx: Tx) {
      await tx
        .update(patientImports)
        .set(plan)
        .where(and(eq(patientImports.id, id), eq(patientImports.status, 'uploaded')));
    },

    /** Queues an uploaded import with its mapping and choices, and wakes the workers (NOTIFY on commit). */
    async queue(
      id: string,
      plan: Pick<PatientImportRow, 'mapping' | 'choices' | 'defaultChoice'>,
      now: Date,
      tx: Tx,
    ): Promise<boolean> {
      const rows = await tx
        .update(patientImports)
        .set({ ...plan, status: 'queued', queuedAt: now })
        .where(and(eq(patientImports.id, id), eq(patientImports.status, 'uploaded')))
        .returning({ id: patientImports.id, woke: sql`pg_notify(${PATIENT_IMPORT_CHANNEL}, '')` });
      return rows.length > 0;
    },

    /** Queues the undo of a finished import still within its week, and wakes the workers. */
    async queueUndo(id: string, by: string, since: Date, now: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(patientImports)
        .set({ status: 'undo_queued', undoneBy: by, queuedAt: now })
        .where(and(eq(patientImports.id, id), eq(patientImports.status, 'done'), gt(patientImports.finishedAt, since)))
        .returning({ id: patientImports.id, woke: sql`pg_notify(${PATIENT_IMPORT_CHANNEL}, '')` });
      return rows.length > 0;
    },

    /**
     * Claims the next import (or undo) to carry out: a queued one, or one whose worker stopped beating
     * (`staleBefore`), locked so that one worker of all instances takes it. Answers it with its new status.
     */
    async claimNext(
      now: Date,
      staleBefore: Date,
      tx: Tx,
    ): Promise<Pick<PatientImportRow, 'id' | 'status'> | undefined> {
      const [next] = await tx
        .select({ id: patientImports.id, status: patientImports.status })
        .from(patientImports)
        .where(
          or(
            inArray(patientImports.status, ['queued', 'undo_queued']),
            and(
              inArray(patientImports.status, ['running', 'undoing']),
              or(isNull(patientImports.heartbeatAt), lt(patientImports.heartbeatAt, staleBefore)),
            ),
          ),
        )
        .orderBy(asc(patientImports.queuedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return undefined;
      const status = next.status === 'queued' || next.status === 'running' ? 'running' : 'undoing';
      const [row] = await tx
        .update(patientImports)
        .set({ status, heartbeatAt: now, failure: null })
        .where(eq(patientImports.id, next.id))
        .returning({ id: patientImports.id, status: patientImports.status });
      return row;
    },

    /** Whether any import waits for a worker (or has lost its own). */
    async hasPending(tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: patientImports.id })
        .from(patientImports)
        .where(inArray(patientImports.status, [...PENDING]))
        .limit(1);
      return row !== undefined;
    },

    async heartbeat(id: string, now: Date, tx: Db = db): Promise<void> {
      await tx.update(patientImports).set({ heartbeatAt: now }).where(eq(patientImports.id, id));
    },

    /** Lets another worker take the import at once, saying why it stopped (null: a server that was stopping). */
    async fail(id: string, failure: string | null, tx: Db = db): Promise<void> {
      await tx.update(patientImports).set({ failure, heartbeatAt: null }).where(eq(patientImports.id, id));
    },

    /** Records by document number (a file of appointments names its patients so). */
    async patientsByDocuments(documents: string[], tx: Db = db): Promise<Map<string, { id: string; name: string }>> {
      const found = new Map<string, { id: string; name: string }>();
      for (let start = 0; start < documents.length; start += 1000) {
        const rows = await tx
          .select({
            id: patients.id,
            number: patients.documentNumber,
            first: patients.firstName,
            last: patients.lastName,
          })
          .from(patients)
          .where(inArray(patients.documentNumber, documents.slice(start, start + 1000)));
        for (const row of rows) found.set(row.number!, { id: row.id, name: `${row.first} ${row.last}` });
      }
      return found;
    },

    /** Records by the previous program's code an earlier import kept (the latest import that names each). */
    async patientsByCodes(codes: string[], tx: Db = db): Promise<Map<string, { id: string; name: string }>> {
      const found = new Map<string, { id: string; name: string }>();
      for (let start = 0; start < codes.length; start += 1000) {
        const rows = await tx
          .select({
            code: patientImportRows.code,
            id: patients.id,
            first: patients.firstName,
            last: patients.lastName,
          })
          .from(patientImportRows)
          .innerJoin(patients, eq(patients.id, patientImportRows.patientId))
          .innerJoin(patientImports, eq(patientImports.id, patientImportRows.importId))
          .where(
            and(
              inArray(patientImportRows.code, codes.slice(start, start + 1000)),
              eq(patientImports.target, 'patients'),
              isNull(patientImportRows.undo),
            ),
          )
          .orderBy(asc(patientImports.createdAt));
        for (const row of rows) found.set(row.code, { id: row.id, name: `${row.first} ${row.last}` });
      }
      return found;
    },

    /** Live appointments that end after `from` (a file of appointments must not overlap them). */
    async bookedFrom(from: Date, tx: Db = db) {
      const rows = await tx
        .select({
          id: appointments.id,
          doctorId: appointments.doctorId,
          patientId: appointments.patientId,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
        })
        .from(appointments)
        .where(and(gt(appointments.endsAt, from), sql`${appointments.status} <> 'cancelada'`));
      return rows.map((row) => ({ ...row, startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() }));
    },

    /** Books a chunk's appointments with their first history entry; the exclusion constraint still guards overlaps. */
    async insertAppointments(
      rows: { id: string; patientId: string; doctorId: string; startsAt: Date; endsAt: Date; reason: string }[],
      actorId: string,
      writtenAt: Date,
      tx: Tx,
    ): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`
        WITH created AS (
          INSERT INTO appointments (id, patient_id, doctor_id, starts_at, ends_at, reason, channel, status, created_by,
            updated_by, created_at, updated_at)
          SELECT x.id, x."patientId", x."doctorId", x."startsAt", x."endsAt", x.reason, 'presencial', 'confirmada',
            ${actorId}::uuid, ${actorId}::uuid, ${writtenAt}::timestamptz, ${writtenAt}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, "patientId" uuid, "doctorId" uuid,
            "startsAt" timestamptz, "endsAt" timestamptz, reason text)
          RETURNING id, starts_at
        )
        INSERT INTO appointment_events (appointment_id, actor_id, action, changes, at)
        SELECT id, ${actorId}::uuid, 'created',
          jsonb_build_object('status', 'confirmada', 'channel', 'presencial', 'startsAt', starts_at, 'via', 'import'),
          ${writtenAt}::timestamptz
        FROM created`);
    },

    /**
     * Cancels the appointments these rows booked that nothing has touched since (still confirmed, `updated_at` still
     * the import's), with the reason «Importación deshecha» (not shown to the patient, no e-mail), and records it in
     * each one's history. Answers the ids cancelled.
     */
    async cancelUntouched(importId: string, lines: number[], actorId: string, now: Date, tx: Tx): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const result = await tx.execute(sql`
        WITH cancelled AS (
          UPDATE appointments a
          SET status = 'cancelada', cancel_reason = 'Importación deshecha', cancel_reason_visible = false,
            cancelled_by = ${actorId}::uuid, updated_by = ${actorId}::uuid, updated_at = ${now}::timestamptz
          FROM patient_import_rows r
          WHERE r.import_id = ${importId}
            AND r.line IN (${sql.join(
              lines.map((line) => sql`${line}`),
              sql`, `,
            )})
            AND r.appointment_id = a.id
            AND a.updated_at = r.written_at
            AND a.status = 'confirmada'
          RETURNING a.id
        ), history AS (
          INSERT INTO appointment_events (appointment_id, actor_id, action, changes, at)
          SELECT id, ${actorId}::uuid, 'status',
            jsonb_build_object('status', 'cancelada', 'from', 'confirmada', 'reason', 'Importación deshecha',
              'reasonShownToPatient', false),
            ${now}::timestamptz
          FROM cancelled
        )
        SELECT id FROM cancelled`);
      return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    },

    /** Ids of the records (or appointments) this import created (already written: an interrupted import resumes past them). */
    async createdIds(importId: string, tx: Db = db): Promise<Set<string>> {
      const rows = await tx
        .select({
          id: sql<string>`coalesce(${patientImportRows.fileId}, ${patientImportRows.appointmentId}, ${patientImportRows.patientId})`,
        })
        .from(patientImportRows)
        .where(and(eq(patientImportRows.importId, importId), eq(patientImportRows.action, 'create')));
      return new Set(rows.map((row) => row.id));
    },

    /** Every record of the clinic as duplicates are found by, oldest first (but those in `except`). */
    async existingPatients(except: Set<string>, tx: Db = db): Promise<ExistingPatient[]> {
      const rows = await tx
        .select({
          id: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          documentType: patients.documentType,
          documentNumber: patients.documentNumber,
          birthDate: patients.birthDate,
          phone: patients.phone,
          email: patients.email,
        })
        .from(patients)
        .orderBy(asc(patients.createdAt), asc(patients.id));
      return except.size > 0 ? rows.filter((row) => !except.has(row.id)) : rows;
    },

    /** The records a chunk updates, locked, with `updated_at` exact to the microsecond (as text). */
    async lockPatients(ids: string[], tx: Tx) {
      if (ids.length === 0) return [];
      return tx
        .select({ patient: patients, updatedAtText: sql<string>`${patients.updatedAt}::text` })
        .from(patients)
        .where(inArray(patients.id, ids))
        .for('update');
    },

    async insertPatients(
      rows: (PatientFields & { id: string; createdBy: string; createdAt: Date; updatedAt: Date })[],
      tx: Tx,
    ): Promise<void> {
      if (rows.length === 0) return;
      // One JSON parameter rather than twenty per row: on PGlite, half the time of a chunk (docs/decisions).
      const json = JSON.stringify(rows.map((row) => ({ ...row, ...searchColumns(row) })));
      await addInsurers(sql`SELECT x.insurer FROM jsonb_to_recordset(${json}::jsonb) AS x(insurer text)`, tx);
      await tx.execute(sql`
        INSERT INTO patients (id, first_name, last_name, document_type, document_number, birth_date, sex, phone, email,
          address, insurer, insurer_id, policy_number, allergies, medical_history, notes, search_text, sort_name,
          created_by, created_at, updated_at)
        SELECT x.id, x."firstName", x."lastName", x."documentType", x."documentNumber", x."birthDate", x.sex, x.phone,
          x.email, x.address, x.insurer, ${insurerNamed(sql`x.insurer`)}, x."policyNumber", x.allergies,
          x."medicalHistory", x.notes, x."searchText", x."sortName", x."createdBy", x."createdAt", x."updatedAt"
        FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, "firstName" text, "lastName" text, "documentType" text,
          "documentNumber" text, "birthDate" date, sex text, phone text, email text, address text, insurer text,
          "policyNumber" text, allergies text, "medicalHistory" text, notes text, "searchText" text, "sortName" text,
          "createdBy" uuid, "createdAt" timestamptz, "updatedAt" timestamptz)`);
    },

    /** Writes an import's values over a record; `updatedAt` is the instant the undo compares with. */
    async updatePatient(
      id: string,
      current: PatientFields,
      changes: Partial<PatientFields>,
      updatedAt: Date | string,
      tx: Tx,
    ): Promise<void> {
      if (changes.insurer !== undefined) await addInsurers(sql`SELECT ${changes.insurer}::text`, tx);
      await tx
        .update(patients)
        .set({
          ...changes,
          ...(changes.insurer !== undefined && { insurerId: insurerNamed(sql`${changes.insurer}::text`) }),
          ...searchColumns({ ...current, ...changes }),
          updatedAt: typeof updatedAt === 'string' ? sql`${updatedAt}::timestamptz` : updatedAt,
        } as Partial<typeof patients.$inferInsert>)
        .where(eq(patients.id, id));
    },

    async insertRows(rows: ImportRowRecord[], tx: Tx): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`
        INSERT INTO patient_import_rows (import_id, line, action, patient_id, appointment_id, file_id, code, reason,
          previous, written_at)
        SELECT x."importId", x.line, x.action, x."patientId", x."appointmentId", x."fileId", coalesce(x.code, ''),
          coalesce(x.reason, ''), x.previous, x."writtenAt"
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("importId" uuid, line integer, action text,
          "patientId" uuid, "appointmentId" uuid, "fileId" uuid, code text, reason text, previous jsonb,
          "writtenAt" timestamptz)`);
    },

    /** Adds a chunk's outcome to the import's progress. */
    async advance(
      id: string,
      processedRows: number,
      counts: { created: number; updated: number; skipped: number; errors: number },
      now: Date,
      tx: Tx,
    ): Promise<void> {
      await tx
        .update(patientImports)
        .set({
          processedRows,
          createdCount: sql`${patientImports.createdCount} + ${counts.created}`,
          updatedCount: sql`${patientImports.updatedCount} + ${counts.updated}`,
          skippedCount: sql`${patientImports.skippedCount} + ${counts.skipped}`,
          errorCount: sql`${patientImports.errorCount} + ${counts.errors}`,
          heartbeatAt: now,
        })
        .where(eq(patientImports.id, id));
    },

    async finish(id: string, now: Date, tx: Tx): Promise<void> {
      await tx
        .update(patientImports)
        .set({ status: 'done', finishedAt: now, heartbeatAt: null })
        .where(eq(patientImports.id, id));
    },

    async finishUndo(id: string, now: Date, tx: Tx): Promise<void> {
      await tx
        .update(patientImports)
        .set({ status: 'undone', undoneAt: now, heartbeatAt: null })
        .where(eq(patientImports.id, id));
    },

    /** The next rows to undo before row `before`, last written first. */
    async rowsToUndo(importId: string, before: number, limit: number, tx: Db = db) {
      return tx
        .select()
        .from(patientImportRows)
        .where(
          and(
            eq(patientImportRows.importId, importId),
            lt(patientImportRows.line, before),
            inArray(patientImportRows.action, ['create', 'update']),
            isNull(patientImportRows.undo),
          ),
        )
        .orderBy(desc(patientImportRows.line))
        .limit(limit);
    },

    /**
     * Deletes the records these rows created that nothing has touched since: unchanged (`updated_at` is still
     * the import's), no account, and no row anywhere naming them (appointments, files, invoices…: every table
     * with a foreign key to `patients`). Answers the ids deleted.
     */
    async deleteUntouched(importId: string, lines: number[], tx: Tx): Promise<Set<string>> {
      if (lines.length === 0) return new Set();
      const unreferenced = (await referencingColumns(tx)).map(
        ({ table, column }) =>
          sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} x WHERE x.${sql.identifier(column)} = p.id)`,
      );
      const result = await tx.execute(sql`
        DELETE FROM patients p
        USING patient_import_rows r
        WHERE r.import_id = ${importId}
          AND r.line IN (${sql.join(
            lines.map((line) => sql`${line}`),
            sql`, `,
          )})
          AND r.action = 'create'
          AND r.patient_id = p.id
          AND p.updated_at = r.written_at
          AND p.account_id IS NULL
          ${unreferenced.length > 0 ? sql`AND ${sql.join(unreferenced, sql` AND `)}` : sql``}
        RETURNING p.id`);
      return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    },

    async markUndo(importId: string, lines: number[], undo: 'undone' | 'kept', tx: Tx): Promise<void> {
      if (lines.length === 0) return;
      await tx
        .update(patientImportRows)
        .set({ undo })
        .where(and(eq(patientImportRows.importId, importId), inArray(patientImportRows.line, lines)));
    },

    async addKept(id: string, kept: number, now: Date, tx: Tx): Promise<void> {
      await tx
        .update(patientImports)
        .set({ keptOnUndo: sql`${patientImports.keptOnUndo} + ${kept}`, heartbeatAt: now })
        .where(eq(patientImports.id, id));
    },

    /** The rows an import could not write, by line, with why. */
    async errorRows(importId: string, tx: Db = db): Promise<{ line: number; reason: string }[]> {
      return tx
        .select({ line: patientImportRows.line, reason: patientImportRows.reason })
        .from(patientImportRows)
        .where(and(eq(patientImportRows.importId, importId), eq(patientImportRows.action, 'error')))
        .orderBy(asc(patientImportRows.line));
    },

    /** Forgets the files of imports finished (or left unrun) before `before`: their undo is over; the outcome per row stays. */
    async dropOldFiles(before: Date, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(patientImports)
        .set({ content: null })
        .where(
          and(
            sql`coalesce(${patientImports.finishedAt}, ${patientImports.createdAt}) < ${before}`,
            sql`${patientImports.content} IS NOT NULL`,
            sql`${patientImports.status} NOT IN ('queued', 'running', 'undo_queued', 'undoing')`,
          ),
        )
        .returning({ id: patientImports.id });
      return rows.length;
    },
  };
}

export type PatientImportRepository = ReturnType<typeof createPatientImportRepository>;
