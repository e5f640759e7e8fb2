import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './auth';

/** The managed list of specialties. */
export const specialties = pgTable(
  'specialties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Pediatría and the like: booking asks for the child and the guardian (migration 0022). */
    forMinors: boolean('for_minors').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('specialties_name_key').on(sql`lower(${table.name})`)],
);

/** A doctor: an account with role doctor plus professional data. Never deleted, only deactivated. */
export const doctors = pgTable('doctors', {
  id: uuid('id')
    .primaryKey()
    .references(() => accounts.id),
  specialtyId: uuid('specialty_id')
    .notNull()
    .references(() => specialties.id),
  licenseNumber: text('license_number').notNull(),
  bio: text('bio').notNull().default(''),
  photoUrl: text('photo_url').notNull().default(''),
  color: text('color').notNull().default('#0b7285'),
  appointmentMinutes: integer('appointment_minutes').notNull().default(30),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Weekly working hours as wall-clock minutes in the clinic's time zone. Intervals of one doctor and
 * weekday never overlap (exclusion constraint in the migration) and end after they start.
 */
export const workingHours = pgTable(
  'working_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (table) => [
    index('working_hours_doctor_idx').on(table.doctorId),
    check('working_hours_weekday', sql`${table.weekday} BETWEEN 1 AND 7`),
    check(
      'working_hours_order',
      sql`${table.startMinute} >= 0 AND ${table.endMinute} <= 1440 AND ${table.startMinute} < ${table.endMinute}`,
    ),
  ],
);

/** Whole days a doctor does not work (holidays, sick leave), inclusive. */
export const absences = pgTable(
  'absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('absences_doctor_idx').on(table.doctorId, table.startDate),
    check('absences_order', sql`${table.startDate} <= ${table.endDate}`),
  ],
);

/** PostgreSQL `bytea` as a Node Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Public images (clinic logo, doctor photos), stored in the database like every other file. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  createdBy: uuid('created_by').references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
