-- Doctors' settlements (liquidaciones, issue 36, item 7): what a self-employed doctor is owed each month as her
-- share of what she invoiced or what was collected of it.

-- Her rule: a percentage (in basis points: 4000 is 40 %) of the base (before VAT) invoiced or collected, another for
-- the visits an insurer pays (null: as the others), and per service either its own percentage or a fixed amount per act.
CREATE TABLE doctor_settlement_rules (
  doctor_id uuid PRIMARY KEY REFERENCES doctors(id) ON DELETE CASCADE,
  basis text NOT NULL CHECK (basis IN ('facturado', 'cobrado')),
  percent_bp integer NOT NULL CHECK (percent_bp BETWEEN 0 AND 10000),
  insurer_percent_bp integer CHECK (insurer_percent_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE TABLE doctor_settlement_service_rules (
  doctor_id uuid NOT NULL REFERENCES doctor_settlement_rules(doctor_id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES clinic_services(id) ON DELETE CASCADE,
  percent_bp integer CHECK (percent_bp BETWEEN 0 AND 10000),
  amount_cents integer CHECK (amount_cents BETWEEN 0 AND 10000000),
  PRIMARY KEY (doctor_id, service_id),
  CONSTRAINT doctor_settlement_service_rules_one CHECK ((percent_bp IS NULL) <> (amount_cents IS NULL))
);
--> statement-breakpoint

-- A month's settlement of one doctor, issued once and never changed: the rule it applied (as it was), what it
-- counted and her share. What happens after (a rectificativa, a late payment) goes in a later month's.
CREATE TABLE doctor_settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doctor_id uuid NOT NULL REFERENCES doctors(id),
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  basis text NOT NULL CHECK (basis IN ('facturado', 'cobrado')),
  rule jsonb NOT NULL,
  counted_cents integer NOT NULL,
  share_cents integer NOT NULL,
  issued_at timestamptz NOT NULL,
  issued_by uuid REFERENCES accounts(id),
  CONSTRAINT doctor_settlements_once UNIQUE (doctor_id, month)
);
--> statement-breakpoint
CREATE INDEX doctor_settlements_month_idx ON doctor_settlements (month);
--> statement-breakpoint

-- Its lines: each event (an invoice line, a rectificativa's or a cancellation's effect on it, a payment's share of
-- it) counted once for a doctor, which the unique key enforces across all her settlements.
CREATE TABLE doctor_settlement_lines (
  settlement_id uuid NOT NULL REFERENCES doctor_settlements(id),
  position smallint NOT NULL,
  doctor_id uuid NOT NULL REFERENCES doctors(id),
  source_kind text NOT NULL CHECK (source_kind IN ('factura', 'rectificativa', 'anulacion', 'cobro')),
  source_id uuid NOT NULL,
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  line_position smallint NOT NULL,
  day date NOT NULL,
  invoice_number text NOT NULL,
  patient_name text NOT NULL,
  service_name text NOT NULL,
  insurer boolean NOT NULL,
  rule text NOT NULL,
  counted_cents integer NOT NULL,
  share_cents integer NOT NULL,
  PRIMARY KEY (settlement_id, position),
  CONSTRAINT doctor_settlement_lines_once UNIQUE (doctor_id, source_kind, source_id, invoice_id, line_position)
);
--> statement-breakpoint
CREATE TRIGGER doctor_settlements_append_only BEFORE UPDATE OR DELETE ON doctor_settlements
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER doctor_settlement_lines_append_only BEFORE UPDATE OR DELETE ON doctor_settlement_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
