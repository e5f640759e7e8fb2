import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { PARTS_OF_DAY, WAITING_CHANNELS, WAITING_STATUSES } from '../../../../common/schemas/waiting-list';
import { appointments } from './appointments';
import { clinicServices } from './clinic-services';
import { accounts } from './auth';
import { doctors, specialties } from './doctors';
import { mailOutbox } from './outbox';
import { patients } from './patients';

/** A patient waiting for a doctor (or any doctor of a specialty) over a range of days. */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    specialtyId: uuid('specialty_id').references(() => specialties.id, { onDelete: 'cascade' }),
    /** Calendar days in the clinic's time zone, both included. */
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    partOfDay: text('part_of_day', { enum: PARTS_OF_DAY }).notNull().default('cualquiera'),
    /** The service wished for (migration 0030): offers of its length, and the booked appointment names it. */
    serviceId: uuid('service_id').references(() => clinicServices.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: WAITING_STATUSES }).notNull().default('esperando'),
    channel: text('channel', { enum: WAITING_CHANNELS }).notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('waiting_list_entries_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'esperando'`),
    index('waiting_list_entries_patient_idx').on(table.patientId),
    check('waiting_list_entries_target', sql`${table.doctorId} IS NOT NULL OR ${table.specialtyId} IS NOT NULL`),
    check('waiting_list_entries_days', sql`${table.fromDate} <= ${table.toDate}`),
  ],
);

/**
 * A freed slot offered to one entry by e-mail. The link carries a random token; only its SHA-256 is
 * stored. The e-mail is `outboxId`: when it was cancelled (the freeing change was undone) the offer is dead.
 */
export const waitingListOffers = pgTable(
  'waiting_list_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitingListEntries.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The cancelled or moved appointment that freed the slot (none when the periodic job found it). */
    sourceAppointmentId: uuid('source_appointment_id').references(() => appointments.id),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['abierta', 'aceptada'] })
      .notNull()
      .default('abierta'),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('waiting_list_offers_token_unique').on(table.tokenHash),
    unique('waiting_list_offers_once').on(table.entryId, table.doctorId, table.startsAt),
    index('waiting_list_offers_slot_idx').on(table.doctorId, table.startsAt),
  ],
);
