-- Invoices as the law writes them (issue 35, item 4). An invoice keeps the days of the operations it invoices
-- (FechaOperacion, and every day on its PDF); a complete invoice (F3) may replace simplified ones, each of them
-- replaced once; the clinic may name its service in the records' DescripcionOperacion (empty: «Servicios
-- sanitarios»); a patient's passport carries its country (IDOtro's CodigoPais).
ALTER TABLE invoices ADD COLUMN operation_dates date[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE invoices DROP CONSTRAINT invoices_type_check;
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_type_check
  CHECK (type IN ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'));
--> statement-breakpoint

-- The simplified invoices an F3 replaces (FacturasSustituidas): each at most once, only ever added.
CREATE TABLE invoice_substitutions (
  substituted_invoice_id uuid PRIMARY KEY REFERENCES invoices(id),
  invoice_id uuid NOT NULL REFERENCES invoices(id)
);
--> statement-breakpoint
CREATE INDEX invoice_substitutions_invoice_idx ON invoice_substitutions (invoice_id);
--> statement-breakpoint
CREATE TRIGGER invoice_substitutions_append_only BEFORE UPDATE OR DELETE ON invoice_substitutions
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint

ALTER TABLE clinic_settings ADD COLUMN invoice_operation_description text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE patients ADD COLUMN document_country text CHECK (document_country ~ '^[A-Z]{2}$');
--> statement-breakpoint

-- Each NIF that has issued here and the letter its series carry after the year: none for the first, B for the
-- second… (a change of the clinic's NIF starts series of its own; taking the NIF back takes its letter back).
CREATE TABLE invoice_issuers (
  nif text PRIMARY KEY,
  tag text NOT NULL UNIQUE
);
--> statement-breakpoint
INSERT INTO invoice_issuers (nif, tag)
SELECT nif, CASE WHEN position = 1 THEN '' ELSE chr(64 + position::int) END
  FROM (SELECT issuer ->> 'taxId' AS nif, row_number() OVER (ORDER BY min(issued_at), issuer ->> 'taxId') AS position
          FROM invoices GROUP BY issuer ->> 'taxId') AS issuers;
--> statement-breakpoint
CREATE TRIGGER invoice_issuers_append_only BEFORE UPDATE OR DELETE ON invoice_issuers
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
