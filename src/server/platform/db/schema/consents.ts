import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_STATES } from '../../../../common/schemas/consents';
import { CONSENT_ACT_KINDS, CONSENT_VIAS, SIGNATURE_METHODS } from '../../../../common/schemas/consent-signing';
import { appointments } from './appointments';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { bytea } from './doctors';
import { patientFiles } from './files';
import { patients } from './patients';

/**
 * Informed-consent templates and their versions (migration 0032). Versions and their services are append-only:
 * the database refuses UPDATE and DELETE on them.
 */
export const consentTemplates = pgTable('consent_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The latest version's title. */
  title: text('title').notNull(),
  state: text('state', { enum: CONSENT_STATES }).notNull().default('activa'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consentTemplateVersions = pgTable(
  'consent_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => consentTemplates.id),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    consequences: text('consequences').notNull().default(''),
    risks: text('risks').notNull(),
    alternatives: text('alternatives').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => accounts.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique().on(table.templateId, table.number)],
);

export const consentTemplateVersionServices = pgTable(
  'consent_template_version_services',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => consentTemplateVersions.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id),
  },
  (table) => [
    primaryKey({ columns: [table.versionId, table.serviceId] }),
    index('consent_template_version_services_service_idx').on(table.serviceId),
  ],
);

/** A consent asked of the patient for one appointment (migration 0033): append-only, like its acts. */
export const consentRequests = pgTable(
  'consent_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => consentTemplateVersions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.appointmentId, table.versionId),
    index('consent_requests_patient_idx').on(table.patientId),
  ],
);

/** A signature, refusal or revocation of a request, with the PDF made of it (append-only). */
export const consentActs = pgTable('consent_acts', {
  id: uuid('id').primaryKey().defaultRandom(),
  requestId: uuid('request_id')
    .notNull()
    .references(() => consentRequests.id),
  kind: text('kind', { enum: CONSENT_ACT_KINDS }).notNull(),
  signerName: text('signer_name').notNull(),
  signerDocument: text('signer_document').notNull(),
  representativeName: text('representative_name'),
  representativeDocument: text('representative_document'),
  representativeRelationship: text('representative_relationship'),
  signatureMethod: text('signature_method', { enum: SIGNATURE_METHODS }).notNull(),
  signaturePng: bytea('signature_png'),
  typedSignature: text('typed_signature'),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
  via: text('via', { enum: CONSENT_VIAS }).notNull(),
  actorId: uuid('actor_id').references(() => accounts.id),
  actedAt: timestamp('acted_at', { withTimezone: true }).notNull(),
  contentSha256: text('content_sha256').notNull(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => patientFiles.id),
});
