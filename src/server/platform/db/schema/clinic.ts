import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { FEED_PATIENT_DISPLAYS } from '../../../../common/schemas/calendar-feeds';
import type { MessageChannel } from '../../../../common/schemas/channels';
import { BILLING_MODES } from '../../../../common/schemas/verifactu';
import type { SetupProgress } from '../../../../common/schemas/setup';

export interface OpeningHoursRow {
  days: string;
  hours: string;
}

/** The clinic's settings: one row (id = 1). */
export const clinicSettings = pgTable(
  'clinic_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('Clínica'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    mapUrl: text('map_url').notNull().default(''),
    openingHours: jsonb('opening_hours').$type<OpeningHoursRow[]>().notNull().default([]),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    defaultAppointmentMinutes: integer('default_appointment_minutes').notNull().default(30),
    bookingHorizonDays: integer('booking_horizon_days').notNull().default(60),
    minimumNoticeHours: integer('minimum_notice_hours').notNull().default(2),
    cancellationWindowHours: integer('cancellation_window_hours').notNull().default(24),
    reminderLeadHours: integer('reminder_lead_hours').notNull().default(48),
    bookingsRequireConfirmation: boolean('bookings_require_confirmation').notNull().default(false),
    /** What calendar feeds show of a patient (migration 0018). */
    feedPatientDisplay: text('feed_patient_display', { enum: FEED_PATIENT_DISPLAYS }).notNull().default('initials'),
    /** Whether patients' e-mails (and their .ics) name the visit's reason; off by default (migration 0021). */
    mailIncludeReason: boolean('mail_include_reason').notNull().default(false),
    /** Minutes without input after which a staff session ends (migration 0023; 2–480, patients keep 7 days). */
    staffIdleMinutes: integer('staff_idle_minutes').notNull().default(30),
    /** «Exigir segundo factor al personal»: admins and doctors must have one (migration 0024). */
    requireSecondFactorForStaff: boolean('require_second_factor_for_staff').notNull().default(false),
    /** The issuer of the clinic's invoices (migration 0026): without a NIF nothing can be invoiced. */
    issuerLegalName: text('issuer_legal_name').notNull().default(''),
    issuerNif: text('issuer_nif').notNull().default(''),
    issuerAddress: text('issuer_address').notNull().default(''),
    issuerRegistry: text('issuer_registry').notNull().default(''),
    /** DescripcionOperacion of the records (migration 0044): empty, «Servicios sanitarios»; never a patient's care. */
    invoiceOperationDescription: text('invoice_operation_description').notNull().default(''),
    /** IRPF a business payer withholds from this issuer's invoices: 0, 7 or 15 % (migration 0045). */
    issuerWithholdingRate: smallint('issuer_withholding_rate').notNull().default(0),
    /** The channels of reminders and after-visit messages, in the clinic's order of choice (migration 0035). */
    messageChannels: text('message_channels').array().$type<MessageChannel[]>().notNull().default(['email']),
    /** The after-visit survey (issue 24, item 4): off by default; hours after the visit. */
    surveyEnabled: boolean('survey_enabled').notNull().default(false),
    /** When it was last turned on (migration 0036): only visits that end from then on are asked about. */
    surveyEnabledAt: timestamp('survey_enabled_at', { withTimezone: true }),
    surveyDelayHours: integer('survey_delay_hours').notNull().default(3),
    /** The clinic's public review page (Google), offered on the survey's thank-you page; empty: no invitation. */
    surveyReviewUrl: text('survey_review_url').notNull().default(''),
    /** VERI*FACTU (migration 0040): pruebas until an admin switches to producción, once and for good. */
    billingMode: text('billing_mode', { enum: BILLING_MODES }).notNull().default('pruebas'),
    billingProductionSince: timestamp('billing_production_since', { withTimezone: true }),
    /** NIFs the certificate may send for though its holder is another: a confirmed representative (migration 0048). */
    verifactuRepresentedNifs: text('verifactu_represented_nifs').array().notNull().default([]),
    /** NumeroInstalacion of the records' SistemaInformatico: generated once per database. */
    verifactuInstallation: text('verifactu_installation')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** The Redsys virtual POS (migration 0052): its FUC, terminal and environment; the secret is an app secret. */
    redsysMerchantCode: text('redsys_merchant_code').notNull().default(''),
    redsysTerminal: text('redsys_terminal').notNull().default('1'),
    redsysEnvironment: text('redsys_environment', { enum: ['pruebas', 'real'] })
      .notNull()
      .default('pruebas'),
    /** The set-up wizard's progress (migration 0056): steps done or skipped, finished, dismissed. */
    setupProgress: jsonb('setup_progress').$type<Partial<SetupProgress>>().notNull().default({}),
    /** The clinic's autonomous community (migration 0056, «MD», «CT»…; empty: not chosen): its holidays load from it. */
    holidayRegion: text('holiday_region').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('clinic_settings_single_row', sql`${table.id} = 1`),
    check('clinic_settings_staff_idle_minutes_check', sql`${table.staffIdleMinutes} BETWEEN 2 AND 480`),
  ],
);

/** Server secrets shared by every instance (e.g. the key that signs booking links), made at first use. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one-time link that creates the first admin (migration 0056): only its SHA-256, valid 24 hours. Each start of the
 * server while no active admin exists replaces it; creating the admin through it deletes it.
 */
export const initialSetupTokens = pgTable('initial_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
