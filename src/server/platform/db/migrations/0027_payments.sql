-- Payments against invoices and the day's cash closing (issue «Billing», item 5). Both are append-only: a payment
-- taken by mistake is put right with a rectifying invoice, never by changing or deleting the payment.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  -- The clinic's day it was taken (its zone), which the cash closing counts.
  day date NOT NULL,
  paid_at timestamptz NOT NULL,
  method text NOT NULL CHECK (method IN ('efectivo', 'tarjeta', 'transferencia', 'bizum')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  note text NOT NULL DEFAULT '',
  received_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE INDEX payments_invoice_idx ON payments (invoice_id);
--> statement-breakpoint
CREATE INDEX payments_day_idx ON payments (day);
--> statement-breakpoint

-- «Cierre de caja»: a day closed once, with what was expected by method, what was counted and who closed it.
CREATE TABLE cash_closings (
  day date PRIMARY KEY,
  closed_at timestamptz NOT NULL,
  closed_by uuid REFERENCES accounts(id),
  expected jsonb NOT NULL,
  counted jsonb NOT NULL,
  note text NOT NULL DEFAULT ''
);
--> statement-breakpoint

CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER cash_closings_append_only BEFORE UPDATE OR DELETE ON cash_closings
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
