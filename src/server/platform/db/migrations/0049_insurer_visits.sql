-- Visits «por su aseguradora» and the monthly invoice to the insurer (issue 36, item 1, steps 3 and 4). Columns and
-- tables are added; no issued invoice is changed.

-- Who pays a visit: the patient («privado») or her insurer, with what was true when it was booked: the insurer, her
-- card, the authorisation number, the insurer's tariff for the service and the copay (null: none), in cents.
ALTER TABLE appointments
  ADD COLUMN payer text NOT NULL DEFAULT 'privado' CHECK (payer IN ('privado', 'aseguradora')),
  ADD COLUMN insurer_id uuid REFERENCES insurers(id),
  ADD COLUMN insurer_card_number text,
  ADD COLUMN authorization_number text,
  ADD COLUMN insurer_price_cents integer CHECK (insurer_price_cents BETWEEN 0 AND 10000000),
  ADD COLUMN insurer_copay_cents integer CHECK (insurer_copay_cents BETWEEN 0 AND 10000000),
  ADD CONSTRAINT appointments_payer_insurer CHECK (
    (payer = 'privado' AND insurer_id IS NULL AND insurer_price_cents IS NULL)
    OR (payer = 'aseguradora' AND insurer_id IS NOT NULL AND insurer_price_cents IS NOT NULL)
  );
--> statement-breakpoint
CREATE INDEX appointments_insurer_idx ON appointments (insurer_id, starts_at) WHERE insurer_id IS NOT NULL;
--> statement-breakpoint

-- An invoice to an insurer names no one patient (its lines are many patients' visits): its patient is null, and
-- only such an invoice may lack one.
ALTER TABLE invoices ALTER COLUMN patient_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE invoices DROP CONSTRAINT invoices_payer_check;
--> statement-breakpoint
ALTER TABLE invoices
  ADD CONSTRAINT invoices_payer_check CHECK (payer IN ('paciente', 'tutor', 'tercero', 'aseguradora')),
  ADD CONSTRAINT invoices_patient_or_insurer CHECK (patient_id IS NOT NULL OR payer = 'aseguradora');
--> statement-breakpoint

-- «Liquidación de aseguradoras»: each insurer visit on the invoice that settled it, at its line. A visit is settled
-- once (the primary key), whatever happens to the invoice after.
CREATE TABLE insurer_settlement_visits (
  appointment_id uuid PRIMARY KEY REFERENCES appointments(id),
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  insurer_id uuid NOT NULL REFERENCES insurers(id),
  position smallint NOT NULL,
  price_cents integer NOT NULL,
  UNIQUE (invoice_id, position)
);
--> statement-breakpoint

-- What the insurer did with each settled visit: paid it, or refused it — then billed to the patient (her invoice) or
-- written off (who and why). Once per visit; the refusal's rectificativa to the insurer is named.
CREATE TABLE insurer_visit_outcomes (
  appointment_id uuid PRIMARY KEY REFERENCES insurer_settlement_visits(appointment_id),
  outcome text NOT NULL CHECK (outcome IN ('pagada', 'rechazada')),
  resolution text CHECK (resolution IN ('paciente', 'baja')),
  payment_id uuid REFERENCES payments(id),
  rectification_invoice_id uuid REFERENCES invoices(id),
  patient_invoice_id uuid REFERENCES invoices(id),
  reason text NOT NULL DEFAULT '',
  decided_by uuid REFERENCES accounts(id),
  decided_at timestamptz NOT NULL,
  CONSTRAINT insurer_visit_outcomes_resolution CHECK (
    (outcome = 'pagada' AND resolution IS NULL)
    OR (outcome = 'rechazada' AND resolution IS NOT NULL AND rectification_invoice_id IS NOT NULL)
  ),
  CONSTRAINT insurer_visit_outcomes_write_off CHECK (resolution IS DISTINCT FROM 'baja' OR btrim(reason) <> '')
);
--> statement-breakpoint
CREATE TRIGGER insurer_settlement_visits_append_only BEFORE UPDATE OR DELETE ON insurer_settlement_visits
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER insurer_visit_outcomes_append_only BEFORE UPDATE OR DELETE ON insurer_visit_outcomes
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
