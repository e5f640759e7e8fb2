import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  QUESTIONNAIRE_STATES,
  REQUEST_STATUSES,
  type QuestionnaireSection,
} from '../../../../common/schemas/questionnaires';
import { appointments } from './appointments';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { patients } from './patients';

/**
 * Questionnaires (anamnesis) and their versions (migration 0034). Versions and their services are append-only: the
 * database refuses UPDATE and DELETE on them.
 */
export const questionnaires = pgTable('questionnaires', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The latest version's title. */
  title: text('title').notNull(),
  state: text('state', { enum: QUESTIONNAIRE_STATES }).notNull().default('activo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    firstVisit: boolean('first_visit').notNull().default(false),
    sections: jsonb('sections').$type<QuestionnaireSection[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => accounts.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique().on(table.questionnaireId, table.number)],
);

export const questionnaireVersionServices = pgTable(
  'questionnaire_version_services',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id),
  },
  (table) => [
    primaryKey({ columns: [table.versionId, table.serviceId] }),
    index('questionnaire_version_services_service_idx').on(table.serviceId),
  ],
);

/** A questionnaire asked of a patient for one appointment: the version it answers and the answers. */
export const questionnaireRequests = pgTable(
  'questionnaire_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pendiente'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** The declared items the doctor copied into the record, as `questionId:index`. */
    copied: jsonb('copied').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    unique().on(table.appointmentId, table.versionId),
    index('questionnaire_requests_patient_idx').on(table.patientId),
  ],
);
