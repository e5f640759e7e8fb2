import { pgTable, integer, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { accounts } from './auth';
import { insurers } from './insurers';
import { invoices, payments } from './invoices';

/** Each insurer visit on the invoice that settled it (migration 0049): settled once, append-only. */
export const insurerSettlementVisits = pgTable(
  'insurer_settlement_visits',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    insurerId: uuid('insurer_id')
      .notNull()
      .references(() => insurers.id),
    position: smallint('position').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [unique('insurer_settlement_visits_invoice_id_position_key').on(table.invoiceId, table.position)],
);

/** What the insurer did with a settled visit: paid, or refused and billed to the patient or written off. */
export const insurerVisitOutcomes = pgTable('insurer_visit_outcomes', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => insurerSettlementVisits.appointmentId),
  outcome: text('outcome', { enum: ['pagada', 'rechazada'] }).notNull(),
  resolution: text('resolution', { enum: ['paciente', 'baja'] }),
  paymentId: uuid('payment_id').references(() => payments.id),
  rectificationInvoiceId: uuid('rectification_invoice_id').references(() => invoices.id),
  patientInvoiceId: uuid('patient_invoice_id').references(() => invoices.id),
  reason: text('reason').notNull().default(''),
  decidedBy: uuid('decided_by').references(() => accounts.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
});
