import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_CHANNELS, SEXES } from '../../../../common/schemas/patients';
import { MESSAGE_CHANNELS } from '../../../../common/schemas/channels';
import { DOCUMENT_TYPES } from '../../../../common/identity-document';
import { accounts } from './auth';
import { insurers } from './insurers';

/**
 * The clinical record of a person. It may exist without an account (booked by phone) and is linked
 * to an account once that person proves the e-mail (or staff link it).
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }),
    documentNumber: text('document_number'),
    /** The country of a passport (ISO 3166-1 alfa-2, migration 0044): IDOtro's CodigoPais on a complete invoice. */
    documentCountry: text('document_country'),
    birthDate: date('birth_date'),
    sex: text('sex', { enum: SEXES }),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    insurer: text('insurer').notNull().default(''),
    /** Her insurer from «Aseguradoras» (migration 0046; the free text above was matched or made into one). */
    insurerId: uuid('insurer_id').references(() => insurers.id),
    policyNumber: text('policy_number').notNull().default(''),
    cardNumber: text('card_number').notNull().default(''),
    cardExpiry: date('card_expiry'),
    allergies: text('allergies').notNull().default(''),
    medicalHistory: text('medical_history').notNull().default(''),
    notes: text('notes').notNull().default(''),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }),
    privacyConsentChannel: text('privacy_consent_channel', { enum: CONSENT_CHANNELS }),
    /** The channel she prefers for reminders, and her consent to SMS/WhatsApp with when and who recorded it (0035). */
    preferredChannel: text('preferred_channel', { enum: MESSAGE_CHANNELS }).notNull().default('email'),
    phoneConsent: boolean('phone_consent').notNull().default(false),
    phoneConsentAt: timestamp('phone_consent_at', { withTimezone: true }),
    phoneConsentBy: uuid('phone_consent_by').references(() => accounts.id),
    /** Name, surnames, document, phone digits and e-mail, lower case without accents (trigram-indexed). */
    searchText: text('search_text').notNull(),
    /** Surnames then name, normalised: the default order of lists. */
    sortName: text('sort_name').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('patients_account_key').on(table.accountId),
    uniqueIndex('patients_document_key').on(table.documentType, table.documentNumber),
    index('patients_email_idx').on(sql`lower(${table.email})`),
    index('patients_sort_name_idx').on(table.sortName, table.id),
    index('patients_created_idx').on(table.createdAt),
    index('patients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
