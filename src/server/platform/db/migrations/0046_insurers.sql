-- Insurers (mutuas y aseguradoras, issue 36, item 1): who they are, what each pays per service, and the patient's.

-- An insurer: its CIF and address (an invoice to it is a complete one), whether each visit needs its authorisation
-- number, and the copay the patient pays at the desk (none when null). An insurer is deactivated, never deleted:
-- patients and visits name it.
CREATE TABLE insurers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  tax_id text,
  address text NOT NULL DEFAULT '',
  requires_authorization boolean NOT NULL DEFAULT false,
  copay_cents integer,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT insurers_copay CHECK (copay_cents BETWEEN 0 AND 10000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX insurers_name_key ON insurers (lower(name));
--> statement-breakpoint

-- What an insurer pays for a service (its baremo): a price in cents, or null for «no cubierto». A service without a
-- row has no tariff set yet.
CREATE TABLE insurer_tariffs (
  insurer_id uuid NOT NULL REFERENCES insurers(id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES clinic_services(id) ON DELETE CASCADE,
  price_cents integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (insurer_id, service_id),
  CONSTRAINT insurer_tariffs_price CHECK (price_cents BETWEEN 0 AND 10000000)
);
--> statement-breakpoint
CREATE INDEX insurer_tariffs_service_idx ON insurer_tariffs (service_id);
--> statement-breakpoint

-- The patient's insurer, chosen from the list, with her policy, card number and the card's expiry.
ALTER TABLE patients
  ADD COLUMN insurer_id uuid REFERENCES insurers(id),
  ADD COLUMN card_number text NOT NULL DEFAULT '',
  ADD COLUMN card_expiry date;
--> statement-breakpoint
CREATE INDEX patients_insurer_idx ON patients (insurer_id) WHERE insurer_id IS NOT NULL;
--> statement-breakpoint

-- The free text of before becomes an insurer: one per name (case and spaces aside), the first spelling kept. Their CIF
-- and address are left for the desk to write («Aseguradoras» shows them without CIF).
INSERT INTO insurers (name)
SELECT DISTINCT ON (lower(btrim(insurer))) btrim(insurer)
  FROM patients
 WHERE btrim(insurer) <> ''
 ORDER BY lower(btrim(insurer)), created_at
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE patients p SET insurer_id = i.id FROM insurers i WHERE lower(btrim(p.insurer)) = lower(i.name);
