import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../../common/schemas/tasks';
import { accounts } from './auth';
import { patients } from './patients';

/** The clinic's to-do list: assigned to a staff account, optionally about a patient. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => accounts.id),
    /** A calendar day in the clinic's time zone. */
    dueDate: date('due_date'),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('media'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pendiente'),
    patientId: uuid('patient_id').references(() => patients.id),
    createdBy: uuid('created_by').references(() => accounts.id),
    /** Set on a desk task made for a notice the patient cannot receive: one task per notice (migration 0021). */
    noticeKey: text('notice_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_assignee_idx').on(table.assigneeId, table.status),
    index('tasks_patient_idx').on(table.patientId),
    index('tasks_due_idx').on(table.dueDate),
    uniqueIndex('tasks_notice_key_idx')
      .on(table.noticeKey)
      .where(sql`${table.noticeKey} IS NOT NULL`),
    check('tasks_priority', sql`${table.priority} IN ('baja', 'media', 'alta')`),
    check('tasks_status', sql`${table.status} IN ('pendiente', 'en_curso', 'hecha')`),
  ],
);
