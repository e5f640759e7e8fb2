import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ANSWER_VIA, PATIENT_ANSWERS } from '../../../../common/schemas/confirmations';
import { appointments } from './appointments';

/** The patient's last answer to the reminder of an appointment (migration 0017). */
export const appointmentAnswers = pgTable('appointment_answers', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  answer: text('answer', { enum: PATIENT_ANSWERS }).notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  /** How she answered (migration 0058): the reminder's link, or a reply «SI»/«NO» by SMS or WhatsApp. */
  via: text('via', { enum: ANSWER_VIA }).notNull().default('link'),
});
