-- Quotes (presupuestos, issue 36, item 2): a treatment's price for one patient, numbered per year without gaps,
-- accepted by her signature or on paper, then planned as sessions linked to her appointments. Not an invoice: no
-- VERI*FACTU record. Once accepted or refused a quote is frozen (the database refuses a change, but the one link to
-- the invoice that bills it up front); its lines are frozen once it leaves the draft.

-- The counter of each year's numbers (P-2026-0001), taken inside the creating transaction.
CREATE TABLE quote_series (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);
--> statement-breakpoint

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  year integer NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  patient_id uuid NOT NULL REFERENCES patients(id),
  doctor_id uuid REFERENCES doctors(id),
  created_by uuid REFERENCES accounts(id),
  created_at timestamptz NOT NULL,
  valid_until date NOT NULL,
  notes text NOT NULL DEFAULT '',
  discount jsonb,
  discount_cents integer NOT NULL DEFAULT 0,
  base_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  total_cents integer NOT NULL,
  status text NOT NULL DEFAULT 'borrador',
  sent_at timestamptz,
  decided_at timestamptz,
  acceptance_via text,
  signer_name text,
  signer_document text,
  signature_png bytea,
  signed_sha256 text,
  recorded_by uuid REFERENCES accounts(id),
  upfront_invoice_id uuid REFERENCES invoices(id),
  CONSTRAINT quotes_year_sequence_key UNIQUE (year, sequence),
  CONSTRAINT quotes_status CHECK (status IN ('borrador', 'enviado', 'aceptado', 'rechazado')),
  CONSTRAINT quotes_via CHECK (acceptance_via IS NULL OR acceptance_via IN ('firma', 'papel')),
  CONSTRAINT quotes_accepted CHECK (status <> 'aceptado' OR (acceptance_via IS NOT NULL AND signer_name IS NOT NULL AND decided_at IS NOT NULL)),
  CONSTRAINT quotes_total CHECK (total_cents = base_cents + tax_cents AND base_cents >= 0)
);
--> statement-breakpoint
CREATE INDEX quotes_patient_idx ON quotes (patient_id, created_at);
--> statement-breakpoint

CREATE TABLE quote_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id uuid NOT NULL REFERENCES quotes(id),
  position integer NOT NULL,
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  description text NOT NULL,
  detail text NOT NULL DEFAULT '',
  quantity integer NOT NULL,
  unit_price_cents integer NOT NULL,
  vat text NOT NULL,
  discount jsonb,
  discount_cents integer NOT NULL DEFAULT 0,
  invoice_discount_cents integer NOT NULL DEFAULT 0,
  base_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  CONSTRAINT quote_lines_position_key UNIQUE (quote_id, position),
  CONSTRAINT quote_lines_base CHECK (base_cents = quantity * unit_price_cents - discount_cents - invoice_discount_cents AND base_cents >= 0)
);
--> statement-breakpoint

-- A planned session done: one of the patient's appointments linked to a line (an appointment is one line's at most).
CREATE TABLE quote_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_line_id uuid NOT NULL REFERENCES quote_lines(id),
  appointment_id uuid NOT NULL UNIQUE REFERENCES appointments(id),
  linked_at timestamptz NOT NULL,
  linked_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE INDEX quote_sessions_line_idx ON quote_sessions (quote_line_id);
--> statement-breakpoint

CREATE FUNCTION quotes_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'quotes are never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status IN ('aceptado', 'rechazado') AND (
    (to_jsonb(NEW) - 'upfront_invoice_id') IS DISTINCT FROM (to_jsonb(OLD) - 'upfront_invoice_id')
    OR (OLD.upfront_invoice_id IS NOT NULL AND NEW.upfront_invoice_id IS DISTINCT FROM OLD.upfront_invoice_id)
  ) THEN
    RAISE EXCEPTION 'a decided quote is frozen' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_frozen BEFORE UPDATE OR DELETE ON quotes FOR EACH ROW EXECUTE FUNCTION quotes_frozen();
--> statement-breakpoint

CREATE FUNCTION quote_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM quotes q WHERE q.id = OLD.quote_id AND q.status <> 'borrador') THEN
    RAISE EXCEPTION 'the lines of a sent quote are frozen' USING ERRCODE = 'check_violation';
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_lines_frozen BEFORE UPDATE OR DELETE ON quote_lines FOR EACH ROW EXECUTE FUNCTION quote_lines_frozen();
--> statement-breakpoint

CREATE FUNCTION quote_sessions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'quote sessions are append-only' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_sessions_append_only BEFORE UPDATE OR DELETE ON quote_sessions FOR EACH ROW EXECUTE FUNCTION quote_sessions_append_only();
