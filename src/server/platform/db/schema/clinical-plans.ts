import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Medicine, PrescriptionAllergyConflict } from '../../../../common/schemas/prescriptions';
import { PRESCRIPTION_STATUSES } from '../../../../common/schemas/prescriptions';
import { TREATMENT_STATUSES } from '../../../../common/schemas/treatments';
import { accounts } from './auth';
import { doctors } from './doctors';
import { patients } from './patients';

/** A treatment plan a doctor writes for a patient; its sessions are the linked appointments attended. */
export const treatments = pgTable(
  'treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    title: text('title').notNull(),
    diagnosis: text('diagnosis').notNull().default(''),
    description: text('description').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    status: text('status', { enum: TREATMENT_STATUSES }).notNull().default('activo'),
    sessionsPlanned: integer('sessions_planned').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('treatments_patient_idx').on(table.patientId, table.startDate),
    index('treatments_doctor_idx').on(table.doctorId, table.startDate),
    check('treatments_status', sql`${table.status} IN ('activo', 'finalizado', 'suspendido')`),
    check('treatments_dates', sql`${table.endDate} IS NULL OR ${table.endDate} >= ${table.startDate}`),
    check('treatments_sessions', sql`${table.sessionsPlanned} BETWEEN 0 AND 500`),
  ],
);

/** A private prescription (RD 1718/2010). Never deleted: cancelled (anulada) with a reason. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    prescribedOn: date('prescribed_on').notNull(),
    diagnosis: text('diagnosis').notNull(),
    /** The medicines in the order written: always read and written with the prescription. */
    medicines: jsonb('medicines').$type<Medicine[]>().notNull(),
    /** Printed on the PDF: a pharmacy or the patient can quote it to the clinic. */
    verificationCode: text('verification_code').notNull(),
    status: text('status', { enum: PRESCRIPTION_STATUSES }).notNull().default('activa'),
    /** The allergy conflicts the form warned about (allergies.ts), acknowledged with the reason below. */
    allergyConflicts: jsonb('allergy_conflicts').$type<PrescriptionAllergyConflict[]>().notNull().default([]),
    allergyOverrideReason: text('allergy_override_reason'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prescriptions_verification_code_key').on(table.verificationCode),
    index('prescriptions_doctor_idx').on(table.doctorId, table.prescribedOn),
    index('prescriptions_patient_idx').on(table.patientId, table.prescribedOn),
    check(
      'prescriptions_allergy_override',
      sql`jsonb_array_length(${table.allergyConflicts}) = 0 OR coalesce(btrim(${table.allergyOverrideReason}), '') <> ''`,
    ),
  ],
);
