-- Invoices and their VERI*FACTU records (issue 23, items 2 and 3). Invoices, their lines, their cancellations
-- and the records are append-only: the triggers at the end refuse UPDATE and DELETE on them.

-- The issuer: the clinic's legal name, NIF, fiscal address and registry data. A clinic without a NIF cannot issue.
ALTER TABLE clinic_settings
  ADD COLUMN issuer_legal_name text NOT NULL DEFAULT '',
  ADD COLUMN issuer_nif text NOT NULL DEFAULT '',
  ADD COLUMN issuer_address text NOT NULL DEFAULT '',
  ADD COLUMN issuer_registry text NOT NULL DEFAULT '';
--> statement-breakpoint

-- One counter row per series (`F2027`, `S2027`, `R2027`): a number is taken inside the issuing transaction,
-- so a rollback gives it back and two issuers wait for each other (no gap, no duplicate).
CREATE TABLE invoice_series (
  series text PRIMARY KEY,
  last_number integer NOT NULL
);
--> statement-breakpoint

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  series text NOT NULL REFERENCES invoice_series(series),
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5')),
  issue_date date NOT NULL,
  issued_at timestamptz NOT NULL,
  patient_id uuid NOT NULL REFERENCES patients(id),
  -- What the invoice says, as issued: the issuer and (on a complete invoice) the recipient, copied.
  issuer jsonb NOT NULL,
  recipient jsonb,
  description text NOT NULL,
  base_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  total_cents integer NOT NULL,
  issued_by uuid REFERENCES accounts(id),
  UNIQUE (series, sequence),
  CONSTRAINT invoices_totals CHECK (total_cents = base_cents + tax_cents)
);
--> statement-breakpoint
CREATE INDEX invoices_patient_idx ON invoices (patient_id, issue_date);
--> statement-breakpoint
CREATE INDEX invoices_issue_date_idx ON invoices (issue_date);
--> statement-breakpoint

CREATE TABLE invoice_lines (
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  position smallint NOT NULL,
  description text NOT NULL,
  quantity integer NOT NULL CHECK (quantity <> 0),
  unit_price_cents integer NOT NULL,
  vat text NOT NULL CHECK (vat IN ('exenta', '21', '10', '4')),
  base_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  appointment_id uuid REFERENCES appointments(id),
  service_id uuid REFERENCES clinic_services(id),
  doctor_id uuid REFERENCES doctors(id),
  PRIMARY KEY (invoice_id, position)
);
--> statement-breakpoint
CREATE INDEX invoice_lines_appointment_idx ON invoice_lines (appointment_id) WHERE appointment_id IS NOT NULL;
--> statement-breakpoint

-- What a rectifying invoice (R1–R5) rectifies, by substitution (S) or difference (I), and why. A table of its
-- own: a row of `invoices` pointing at another would be a table referencing itself, which backups refuse.
CREATE TABLE invoice_rectifications (
  invoice_id uuid PRIMARY KEY REFERENCES invoices(id),
  rectified_invoice_id uuid NOT NULL REFERENCES invoices(id),
  kind text NOT NULL CHECK (kind IN ('S', 'I')),
  reason text NOT NULL
);
--> statement-breakpoint

-- An anulación: the invoice stays as issued; this row says it was cancelled, when, by whom and why.
CREATE TABLE invoice_cancellations (
  invoice_id uuid PRIMARY KEY REFERENCES invoices(id),
  reason text NOT NULL,
  cancelled_at timestamptz NOT NULL,
  cancelled_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint

-- The VERI*FACTU chain: every record of an issuer, in the order generated, each sealed with its Huella.
-- `record` is the whole registro as the XML is written from it (src/server/billing/verifactu/types.ts).
CREATE TABLE verifactu_records (
  id bigserial PRIMARY KEY,
  issuer_nif text NOT NULL,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('alta', 'anulacion')),
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  record jsonb NOT NULL,
  huella text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer_nif, position)
);
--> statement-breakpoint

-- Where each issuer's chain ends: locked by the issuing transaction, so records are chained one at a time.
CREATE TABLE verifactu_chains (
  issuer_nif text PRIMARY KEY,
  last_record_id bigint NOT NULL REFERENCES verifactu_records(id)
);
--> statement-breakpoint

CREATE FUNCTION refuse_change_of_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Las facturas y sus registros no se modifican ni se borran (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_append_only BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_append_only BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER invoice_rectifications_append_only BEFORE UPDATE OR DELETE ON invoice_rectifications
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER invoice_cancellations_append_only BEFORE UPDATE OR DELETE ON invoice_cancellations
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER verifactu_records_append_only BEFORE UPDATE OR DELETE ON verifactu_records
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
