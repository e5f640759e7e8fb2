import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { accounts } from './auth';
import { doctors } from './doctors';
import { patients } from './patients';

/**
 * The consultation note of an appointment (one per appointment), written by its doctor. A draft until
 * signed; a trigger (migration 0010) keeps a signed note's clinical text unchanged, so it changes only
 * through addenda. `patientSummary` reaches the patient only while `summarySharedAt` is set.
 */
export const clinicalNotes = pgTable(
  'clinical_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    reason: text('reason').notNull().default(''),
    examination: text('examination').notNull().default(''),
    diagnosis: text('diagnosis').notNull().default(''),
    diagnosisCode: text('diagnosis_code').notNull().default(''),
    plan: text('plan').notNull().default(''),
    patientSummary: text('patient_summary').notNull().default(''),
    summarySharedAt: timestamp('summary_shared_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('clinical_notes_appointment_unique').on(table.appointmentId),
    index('clinical_notes_patient_idx').on(table.patientId, table.createdAt, table.id),
    index('clinical_notes_unsigned_idx')
      .on(table.doctorId)
      .where(sql`${table.signedAt} IS NULL`),
  ],
);

/** What a doctor adds to a signed note: append-only (a trigger refuses updates and deletes). */
export const clinicalNoteAddenda = pgTable(
  'clinical_note_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => clinicalNotes.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => accounts.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clinical_note_addenda_note_idx').on(table.noteId, table.createdAt)],
);
