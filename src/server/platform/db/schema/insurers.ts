import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinicServices } from './clinic-services';

/** Mutuas y aseguradoras (migration 0046): who pays the clinic for the visits of their insured patients. */
export const insurers = pgTable(
  'insurers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The CIF, normalised; null for an insurer carried over from a patient's free text, until the desk writes it. */
    taxId: text('tax_id'),
    address: text('address').notNull().default(''),
    requiresAuthorization: boolean('requires_authorization').notNull().default(false),
    /** What the patient pays at the desk for a visit covered by it (integer cents); null when nothing. */
    copayCents: integer('copay_cents'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('insurers_name_key').on(sql`lower(${table.name})`)],
);

/** An insurer's tariff for a service: a price in cents, or null for «no cubierto». */
export const insurerTariffs = pgTable(
  'insurer_tariffs',
  {
    insurerId: uuid('insurer_id')
      .notNull()
      .references(() => insurers.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.insurerId, table.serviceId] }),
    index('insurer_tariffs_service_idx').on(table.serviceId),
  ],
);
