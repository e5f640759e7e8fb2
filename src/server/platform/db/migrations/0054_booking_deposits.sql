-- Deposits at online booking (issue 36, item 6; decision 0121): what a service asks as a deposit when it is booked
-- online and until when before the visit a patient's cancellation gets it back; each booking's deposit, held
-- until paid or until its hold ends; the attempts to pay one through Redsys; the advance invoice it was paid with,
-- the invoice that deducted it and the refund, with the bank's refusals kept for the retries and the desk.

ALTER TABLE clinic_services
  ADD COLUMN deposit_cents integer CHECK (deposit_cents IS NULL OR deposit_cents > 0),
  ADD COLUMN deposit_refund_hours integer NOT NULL DEFAULT 48 CHECK (deposit_refund_hours BETWEEN 0 AND 720);
--> statement-breakpoint

CREATE TABLE booking_deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid NOT NULL UNIQUE REFERENCES appointments(id),
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  refund_hours integer NOT NULL CHECK (refund_hours BETWEEN 0 AND 720),
  state text NOT NULL DEFAULT 'pendiente'
    CHECK (state IN ('pendiente', 'pagada', 'caducada', 'retenida', 'a_devolver', 'devuelta')),
  created_at timestamptz NOT NULL,
  hold_until timestamptz NOT NULL,
  paid_at timestamptz,
  invoice_id uuid REFERENCES invoices(id),
  payment_id uuid REFERENCES payments(id),
  deducted_invoice_id uuid REFERENCES invoices(id),
  refund_reason text,
  refund_attempts integer NOT NULL DEFAULT 0,
  refund_error text,
  refund_tried_at timestamptz,
  refunded_at timestamptz,
  rectifying_invoice_id uuid REFERENCES invoices(id),
  CHECK (state NOT IN ('pagada', 'retenida', 'a_devolver', 'devuelta') OR invoice_id IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX booking_deposits_pending_idx ON booking_deposits (hold_until) WHERE state = 'pendiente';
--> statement-breakpoint
CREATE INDEX booking_deposits_refund_idx ON booking_deposits (refund_tried_at) WHERE state = 'a_devolver';
--> statement-breakpoint

-- An attempt pays an invoice or a booking's deposit (whose advance invoice is issued when the bank confirms it).
ALTER TABLE online_payment_attempts
  ALTER COLUMN invoice_id DROP NOT NULL,
  ADD COLUMN deposit_id uuid REFERENCES booking_deposits(id),
  ADD CONSTRAINT online_payment_attempts_target CHECK ((invoice_id IS NULL) <> (deposit_id IS NULL));
--> statement-breakpoint
CREATE INDEX online_payment_attempts_deposit_idx ON online_payment_attempts (deposit_id) WHERE deposit_id IS NOT NULL;
