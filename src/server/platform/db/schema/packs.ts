import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { appointments } from './appointments';
import { clinicServices } from './clinic-services';
import { invoices } from './invoices';
import { patients } from './patients';

/** A session pack the clinic offers (migration 0051): N sessions of a service at a price before VAT. */
export const packProducts = pgTable(
  'pack_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id),
    sessions: integer('sessions').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Months from the purchase; null: no expiry. */
    validityMonths: integer('validity_months'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pack_products_service_idx').on(table.serviceId)],
);

/** A pack a patient bought, its terms as sold and its purchase invoice (append-only). */
export const patientPacks = pgTable(
  'patient_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => packProducts.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id),
    sessions: integer('sessions').notNull(),
    priceCents: integer('price_cents').notNull(),
    purchasedOn: date('purchased_on').notNull(),
    /** The last day it may be used, in the clinic's dates; null: no expiry. */
    expiresOn: date('expires_on'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    soldBy: uuid('sold_by').references(() => accounts.id),
  },
  (table) => [
    index('patient_packs_patient_idx').on(table.patientId, table.serviceId, table.soldAt),
    unique('patient_packs_id_sessions').on(table.id, table.sessions),
  ],
);

/** A session of a pack used by an attended visit; given back with `releasedAt`, never deleted. */
export const packSessions = pgTable(
  'pack_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packId: uuid('pack_id').notNull(),
    packSessions: integer('pack_sessions').notNull(),
    /** 1 to the pack's sessions, unique among those in use: «Bono 3/10». */
    number: integer('number').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'pack_sessions_pack',
      columns: [table.packId, table.packSessions],
      foreignColumns: [patientPacks.id, patientPacks.sessions],
    }),
    uniqueIndex('pack_sessions_visit_key')
      .on(table.appointmentId)
      .where(sql`released_at IS NULL`),
    uniqueIndex('pack_sessions_number_key')
      .on(table.packId, table.number)
      .where(sql`released_at IS NULL`),
  ],
);

/** The refund of a pack's unused sessions by a rectifying invoice: it closes the pack (append-only). */
export const packRefunds = pgTable('pack_refunds', {
  packId: uuid('pack_id')
    .primaryKey()
    .references(() => patientPacks.id),
  invoiceId: uuid('invoice_id')
    .notNull()
    .unique()
    .references(() => invoices.id),
  unusedSessions: integer('unused_sessions').notNull(),
  refundCents: integer('refund_cents').notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
  refundedBy: uuid('refunded_by').references(() => accounts.id),
});
