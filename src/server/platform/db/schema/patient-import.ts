import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  DUPLICATE_CHOICES,
  IMPORT_ACTIONS,
  IMPORT_FILE_KINDS,
  IMPORT_STATUSES,
  IMPORT_TARGETS,
} from '../../../../common/schemas/patient-import';
import { accounts } from './auth';

/**
 * An import of patients from the previous program (issue 37, item 3): its file (kept for the week its undo lasts),
 * the mapping and choices it ran with, state and progress, and what it did.
 */
export const patientImports = pgTable(
  'patient_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Patients, or the future appointments of patients already in the clinic. */
    target: text('target', { enum: IMPORT_TARGETS }).notNull().default('patients'),
    fileName: text('file_name').notNull(),
    kind: text('kind', { enum: IMPORT_FILE_KINDS }).notNull(),
    encoding: text('encoding'),
    separator: text('separator'),
    /** The file, gzip in base64 (PGlite takes a big text parameter several times faster than a bytea). */
    content: text('content'),
    header: jsonb('header').$type<string[]>().notNull(),
    /** The first rows as they are in the file, for the mapping screen. */
    sample: jsonb('sample').$type<string[][]>().notNull().default([]),
    totalRows: integer('total_rows').notNull(),
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    choices: jsonb('choices').$type<Record<string, string>>().notNull().default({}),
    defaultChoice: text('default_choice', { enum: DUPLICATE_CHOICES }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('uploaded'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    keptOnUndo: integer('kept_on_undo').notNull().default(0),
    failure: text('failure'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => accounts.id),
  },
  (table) => [
    index('patient_imports_created_idx').on(table.createdAt),
    index('patient_imports_pending_idx')
      .on(table.queuedAt)
      .where(sql`status IN ('queued', 'running', 'undo_queued', 'undoing')`),
  ],
);

/**
 * What an import did with each row of its file: the record created or updated (with the values it replaced and
 * when it wrote, for the undo), the record a skipped duplicate matched, or why the row was not imported.
 */
export const patientImportRows = pgTable(
  'patient_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => patientImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    action: text('action', { enum: IMPORT_ACTIONS }).notNull(),
    patientId: uuid('patient_id'),
    /** The appointment a row of a file of appointments booked. */
    appointmentId: uuid('appointment_id'),
    /** The document a row of a ZIP of documents filed. */
    fileId: uuid('file_id'),
    code: text('code').notNull().default(''),
    reason: text('reason').notNull().default(''),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    undo: text('undo', { enum: ['undone', 'kept'] }),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.line] }),
    index('patient_import_rows_patient_idx')
      .on(table.patientId)
      .where(sql`patient_id IS NOT NULL`),
    /** A file of appointments names its patients by the previous program's code. */
    index('patient_import_rows_code_idx')
      .on(table.code)
      .where(sql`code <> '' AND patient_id IS NOT NULL`),
  ],
);
