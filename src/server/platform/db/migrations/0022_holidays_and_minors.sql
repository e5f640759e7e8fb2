-- Public holidays and clinic closures: days without appointments for every doctor. One row is a day or a
-- range of days (inclusive) with a name and a kind; availability, booking and the calendar read them.
CREATE TABLE clinic_holidays (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  start_date date NOT NULL,
  end_date date NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CONSTRAINT clinic_holidays_kind_check CHECK (kind IN ('nacional', 'autonomico', 'local', 'cierre')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT clinic_holidays_order CHECK (start_date <= end_date)
);
--> statement-breakpoint
CREATE INDEX clinic_holidays_range_idx ON clinic_holidays (start_date, end_date);
--> statement-breakpoint

-- Specialties for minors (Pediatría): booking asks for the child and the guardian.
ALTER TABLE specialties ADD COLUMN for_minors boolean NOT NULL DEFAULT false;
--> statement-breakpoint

-- The child and the guardian of a booking for a minor: the person who books (the record's owner) is the
-- guardian; the child's name and birth date travel with the appointment for the desk.
CREATE TABLE appointment_minors (
  appointment_id uuid PRIMARY KEY REFERENCES appointments(id) ON DELETE CASCADE,
  child_first_name text NOT NULL,
  child_last_name text NOT NULL,
  child_birth_date date NOT NULL,
  guardian_name text NOT NULL,
  guardian_relationship text NOT NULL,
  guardian_document text NOT NULL
);
