-- «Servicios y tarifas» (issue 23, item 1): what the clinic offers, at what price and under which VAT
-- treatment. Prices are integer cents. Health care is exempt (art. 20.Uno.3º Ley 37/1992) unless the
-- service is not health care (an aesthetic treatment): then 21 %, 10 % or 4 %.
CREATE TABLE clinic_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  specialty_id uuid NOT NULL REFERENCES specialties(id),
  duration_minutes integer NOT NULL,
  price_cents integer NOT NULL,
  vat text NOT NULL DEFAULT 'exenta',
  bookable_online boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT clinic_services_duration CHECK (duration_minutes BETWEEN 5 AND 480),
  CONSTRAINT clinic_services_price CHECK (price_cents BETWEEN 0 AND 10000000),
  CONSTRAINT clinic_services_vat CHECK (vat IN ('exenta', '21', '10', '4'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX clinic_services_name_key ON clinic_services (specialty_id, lower(name));
--> statement-breakpoint

-- The doctors who perform a service (of its specialty).
CREATE TABLE clinic_service_doctors (
  service_id uuid NOT NULL REFERENCES clinic_services(id) ON DELETE CASCADE,
  doctor_id uuid NOT NULL REFERENCES doctors(id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, doctor_id)
);
--> statement-breakpoint
CREATE INDEX clinic_service_doctors_doctor_idx ON clinic_service_doctors (doctor_id);
--> statement-breakpoint

-- The service an appointment is for. Appointments made before the catalogue have none and keep working.
ALTER TABLE appointments ADD COLUMN service_id uuid REFERENCES clinic_services(id);
