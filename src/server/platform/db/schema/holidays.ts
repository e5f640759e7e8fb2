import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { HOLIDAY_KINDS } from '../../../../common/schemas/holidays';
import { appointments } from './appointments';

/** Public holidays and clinic closures (migration 0022): no appointments that day, for every doctor. */
export const clinicHolidays = pgTable(
  'clinic_holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: HOLIDAY_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('clinic_holidays_range_idx').on(table.startDate, table.endDate),
    check('clinic_holidays_order', sql`${table.startDate} <= ${table.endDate}`),
  ],
);

/** The child and the guardian of a booking in a specialty for minors (migration 0022). */
export const appointmentMinors = pgTable('appointment_minors', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  childFirstName: text('child_first_name').notNull(),
  childLastName: text('child_last_name').notNull(),
  childBirthDate: date('child_birth_date').notNull(),
  guardianName: text('guardian_name').notNull(),
  guardianRelationship: text('guardian_relationship').notNull(),
  guardianDocument: text('guardian_document').notNull(),
});
