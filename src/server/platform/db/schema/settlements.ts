import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { SETTLEMENT_BASES, SETTLEMENT_SOURCES } from '../../../../common/schemas/settlements';
import { accounts } from './auth';
import { clinicServices } from './clinic-services';
import { doctors } from './doctors';
import { invoices } from './invoices';

/** A self-employed doctor's rule of settlement (migration 0053): her share of the base invoiced or collected. */
export const doctorSettlementRules = pgTable('doctor_settlement_rules', {
  doctorId: uuid('doctor_id')
    .primaryKey()
    .references(() => doctors.id, { onDelete: 'cascade' }),
  basis: text('basis', { enum: SETTLEMENT_BASES }).notNull(),
  percentBp: integer('percent_bp').notNull(),
  insurerPercentBp: integer('insurer_percent_bp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => accounts.id),
});

/** A service's own term in a doctor's rule: a percentage or a fixed amount per act, one of the two. */
export const doctorSettlementServiceRules = pgTable(
  'doctor_settlement_service_rules',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorSettlementRules.doctorId, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => clinicServices.id, { onDelete: 'cascade' }),
    percentBp: integer('percent_bp'),
    amountCents: integer('amount_cents'),
  },
  (table) => [primaryKey({ columns: [table.doctorId, table.serviceId] })],
);

/** A month's settlement of a doctor, issued once and never changed. */
export const doctorSettlements = pgTable(
  'doctor_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    month: date('month').notNull(),
    basis: text('basis', { enum: SETTLEMENT_BASES }).notNull(),
    rule: jsonb('rule').notNull(),
    countedCents: integer('counted_cents').notNull(),
    shareCents: integer('share_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: uuid('issued_by').references(() => accounts.id),
  },
  (table) => [unique('doctor_settlements_once').on(table.doctorId, table.month)],
);

/** Its lines: each event counted once for a doctor across all her settlements. */
export const doctorSettlementLines = pgTable(
  'doctor_settlement_lines',
  {
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => doctorSettlements.id),
    position: smallint('position').notNull(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    sourceKind: text('source_kind', { enum: SETTLEMENT_SOURCES }).notNull(),
    sourceId: uuid('source_id').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    linePosition: smallint('line_position').notNull(),
    day: date('day').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    patientName: text('patient_name').notNull(),
    serviceName: text('service_name').notNull(),
    insurer: boolean('insurer').notNull(),
    rule: text('rule').notNull(),
    countedCents: integer('counted_cents').notNull(),
    shareCents: integer('share_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.settlementId, table.position] }),
    unique('doctor_settlement_lines_once').on(
      table.doctorId,
      table.sourceKind,
      table.sourceId,
      table.invoiceId,
      table.linePosition,
    ),
  ],
);
