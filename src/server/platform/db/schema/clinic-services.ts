import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VAT_TREATMENTS } from '../../../../common/schemas/clinic-services';
import { doctors, specialties } from './doctors';

/** «Servicios y tarifas»: what the clinic offers, its duration, price (integer cents) and VAT treatment. */
export const clinicServices = pgTable(
  'clinic_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    specialtyId: uuid('specialty_id')
      .notNull()
      .references(() => specialties.id),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    vat: text('vat', { enum: VAT_TREATMENTS }).notNull().default('exenta'),
    bookableOnline: boolean('bookable_online').notNull().default(true),
    /** An inactive service is kept for the appointments and invoices that name it, and offered no more. */
    active: boolean('active').notNull().default(true),
    /** Why it carries its VAT, or what the desk should know of it (migration 0047). */
    note: text('note').notNull().default(''),
    /** What booking it online asks as a deposit (null: none), and the hours before the visit a cancellation refunds it (0054). */
    depositCents: integer('deposit_cents'),
    depositRefundHours: integer('deposit_refund_hours').notNull().default(48),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('clinic_services_name_key').on(table.specialtyId, sql`lower(${table.name})`)],
);

/** The doctors who perform each service. */
export const clinicServiceDoctors = pgTable(
  'clinic_service_doctors',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.doctorId] })],
);
