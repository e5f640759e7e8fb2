import { integer, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { FILE_TYPES } from '../../../../common/schemas/files';
import { accounts } from './auth';
import { bytea } from './doctors';
import { patients } from './patients';

/** A document of the clinic, optionally of a patient (indexes in the migration). */
export const patientFiles = pgTable('patient_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  patientId: uuid('patient_id').references(() => patients.id),
  type: text('type', { enum: FILE_TYPES }).notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  visibleToPatient: boolean('visible_to_patient').notNull().default(false),
  /** Null for a document the clinic's system wrote (a consent signed through a link). */
  uploadedBy: uuid('uploaded_by').references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => accounts.id),
});

export const patientFileChunks = pgTable(
  'patient_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => patientFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.seq] })],
);
