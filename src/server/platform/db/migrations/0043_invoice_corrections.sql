-- Corrections that correct (issue 35, item 3). A record the AEAT rejected (Incorrecto) or registered with errors
-- (AceptadoConErrores) waits for a person: the desk fixes what the AEAT names (the recipient, the description) and
-- a new registro de alta of the same invoice is chained with Subsanacion = S and the RechazoPrevio its case asks.
-- The invoice stays as issued; each correction is a new version of its data, kept here beside the record that
-- carried it, and never changed or removed.
CREATE TABLE invoice_corrections (
  id bigserial PRIMARY KEY,
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  -- The record the AEAT rejected or registered with errors, and the new record that corrects it.
  corrected_record_id bigint NOT NULL UNIQUE REFERENCES verifactu_records(id),
  record_id bigint NOT NULL UNIQUE REFERENCES verifactu_records(id),
  -- The AEAT's answer being corrected, as it gave it.
  error_code text,
  error_description text,
  -- The invoice's data from this correction on: the recipient (null on a simplified invoice) and the description.
  recipient jsonb,
  description text NOT NULL,
  corrected_at timestamptz NOT NULL,
  corrected_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE INDEX invoice_corrections_invoice_idx ON invoice_corrections (invoice_id, id);
--> statement-breakpoint
CREATE TRIGGER invoice_corrections_append_only BEFORE UPDATE OR DELETE ON invoice_corrections
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
