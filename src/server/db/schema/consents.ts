import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_STATES } from '../../../common/schemas/consents';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';

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
