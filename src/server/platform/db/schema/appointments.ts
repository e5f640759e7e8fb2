import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_CHANNELS, APPOINTMENT_STATUSES } from '../../../../common/schemas/appointments';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { treatments } from './clinical-plans';
import { doctors } from './doctors';
import { insurers } from './insurers';
import { patients } from './patients';

/**
 * Appointments. Two non-cancelled appointments of one doctor never overlap: an exclusion constraint
 * (migration) on the doctor and the time range guarantees it under any concurrency.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    channel: text('channel', { enum: APPOINTMENT_CHANNELS }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    /** When the patient arrived: set on «En sala» (or given when attended without a check-in); an undo puts it back. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Whether the patient may read `cancelReason` (staff choose; a patient's own reason is theirs). */
    cancelReasonVisible: boolean('cancel_reason_visible').notNull().default(false),
    cancelledBy: uuid('cancelled_by').references(() => accounts.id),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The treatment this appointment is a session of (set by the doctor). */
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    /** The service booked (issue 23); appointments made before the catalogue have none. */
    serviceId: uuid('service_id').references(() => clinicServices.id),
    /** Who pays the visit: the patient, or her insurer at the tariff and copay frozen at booking (migration 0049). */
    payer: text('payer', { enum: ['privado', 'aseguradora'] })
      .notNull()
      .default('privado'),
    insurerId: uuid('insurer_id').references(() => insurers.id),
    insurerCardNumber: text('insurer_card_number'),
    authorizationNumber: text('authorization_number'),
    insurerPriceCents: integer('insurer_price_cents'),
    insurerCopayCents: integer('insurer_copay_cents'),
    createdBy: uuid('created_by').references(() => accounts.id),
    updatedBy: uuid('updated_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_doctor_start_idx').on(table.doctorId, table.startsAt),
    index('appointments_patient_idx').on(table.patientId, table.startsAt),
    index('appointments_start_idx').on(table.startsAt),
    check('appointments_max_length', sql`${table.endsAt} - ${table.startsAt} <= interval '12 hours'`),
    index('appointments_reminder_idx')
      .on(table.startsAt)
      .where(sql`${table.reminderSentAt} IS NULL AND ${table.status} IN ('pendiente', 'confirmada')`),
  ],
);

/** Every change of an appointment: who, when, what. Nothing is deleted. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    actorId: uuid('actor_id').references(() => accounts.id),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appointment_events_appointment_idx').on(table.appointmentId, table.at)],
);
