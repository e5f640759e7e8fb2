import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who read or changed which clinical data, when and from where. Append-only: a trigger refuses updates,
 * deletes and truncation. `actor_role` is 'visitor' when nobody was signed in (the link of a booking e-mail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    patientId: uuid('patient_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_patient_idx').on(table.patientId, table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
  ],
);
