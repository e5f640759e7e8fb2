-- Paying online through Redsys (issue 36, item 6; decision 0116): the clinic's virtual POS (its secret is an
-- app secret, never in this table), each attempt with its order number, the first signed notification of each
-- order (a duplicate meets its key), the payment it recorded, and the links the desk sends.

ALTER TABLE clinic_settings
  ADD COLUMN redsys_merchant_code text NOT NULL DEFAULT '',
  ADD COLUMN redsys_terminal text NOT NULL DEFAULT '1',
  ADD COLUMN redsys_environment text NOT NULL DEFAULT 'pruebas',
  ADD CONSTRAINT clinic_settings_redsys_environment CHECK (redsys_environment IN ('pruebas', 'real'));
--> statement-breakpoint

-- The order a payment online was made under (Redsys's Ds_Order) and its authorisation code: one payment per order.
ALTER TABLE payments
  ADD COLUMN online_order text,
  ADD COLUMN authorisation_code text;
--> statement-breakpoint
CREATE UNIQUE INDEX payments_online_order_key ON payments (online_order) WHERE online_order IS NOT NULL;
--> statement-breakpoint

-- A link to pay one invoice, sent by e-mail or SMS: only the token's hash is kept; it expires.
CREATE TABLE payment_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE INDEX payment_links_invoice_idx ON payment_links (invoice_id);
--> statement-breakpoint

-- One attempt to pay online: the order number sent to Redsys (unique), what it was for and how much.
CREATE TABLE online_payment_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  redsys_order text NOT NULL UNIQUE,
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  method text NOT NULL CHECK (method IN ('tarjeta', 'bizum')),
  link_id uuid REFERENCES payment_links(id),
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX online_payment_attempts_invoice_idx ON online_payment_attempts (invoice_id);
--> statement-breakpoint

-- What Redsys said of an attempt: its first valid notification, never changed; a duplicate meets the primary key.
CREATE TABLE online_payment_outcomes (
  attempt_id uuid PRIMARY KEY REFERENCES online_payment_attempts(id),
  response text NOT NULL,
  authorised boolean NOT NULL,
  authorisation_code text NOT NULL DEFAULT '',
  payment_id uuid UNIQUE REFERENCES payments(id),
  received_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER online_payment_outcomes_append_only BEFORE UPDATE OR DELETE ON online_payment_outcomes
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
