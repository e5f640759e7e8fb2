-- Signing informed consent (issue 24, item 1, second part). A booking whose service is named by the latest
-- published version of an active template gets a consent request in the booking's own transaction; what the
-- patient (or her representative) does with it — signs, refuses, later revokes a signature — is a row of
-- consent_acts. Both tables are append-only: the triggers at the end refuse UPDATE and DELETE, so a revocation is
-- a new signed row and nothing is ever erased. A request's state is its latest act (none: pending).
CREATE TABLE consent_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid NOT NULL REFERENCES appointments(id),
  patient_id uuid NOT NULL REFERENCES patients(id),
  version_id uuid NOT NULL REFERENCES consent_template_versions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (appointment_id, version_id)
);
--> statement-breakpoint
CREATE INDEX consent_requests_patient_idx ON consent_requests (patient_id);
--> statement-breakpoint

-- One signature or refusal per request, and at most one revocation (of a signature): the unique key makes a second
-- click or a replayed link fail in the database whatever the code above it does.
CREATE TABLE consent_acts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES consent_requests(id),
  kind text NOT NULL,
  signer_name text NOT NULL,
  signer_document text NOT NULL,
  representative_name text,
  representative_document text,
  representative_relationship text,
  signature_method text NOT NULL,
  signature_png bytea,
  typed_signature text,
  ip text NOT NULL,
  user_agent text NOT NULL,
  via text NOT NULL,
  actor_id uuid REFERENCES accounts(id),
  acted_at timestamptz NOT NULL,
  content_sha256 text NOT NULL,
  file_id uuid NOT NULL REFERENCES patient_files(id),
  CONSTRAINT consent_acts_kind CHECK (kind IN ('firma', 'rechazo', 'revocacion')),
  CONSTRAINT consent_acts_method CHECK (
    (signature_method = 'trazo' AND signature_png IS NOT NULL AND typed_signature IS NULL) OR
    (signature_method = 'nombre' AND signature_png IS NULL AND typed_signature IS NOT NULL)),
  CONSTRAINT consent_acts_via CHECK (via IN ('enlace', 'area', 'mostrador')),
  CONSTRAINT consent_acts_sha256 CHECK (content_sha256 ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX consent_acts_decision_once ON consent_acts (request_id) WHERE kind IN ('firma', 'rechazo');
--> statement-breakpoint
CREATE UNIQUE INDEX consent_acts_revocation_once ON consent_acts (request_id) WHERE kind = 'revocacion';
--> statement-breakpoint

CREATE FUNCTION refuse_change_of_consent_act() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Un consentimiento pedido, firmado, rechazado o revocado no se modifica ni se borra (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER consent_requests_append_only BEFORE UPDATE OR DELETE ON consent_requests
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_consent_act();
--> statement-breakpoint
CREATE TRIGGER consent_acts_append_only BEFORE UPDATE OR DELETE ON consent_acts
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_consent_act();
--> statement-breakpoint

-- A consent's PDF signed through a link (no account at hand) is written by the clinic's system, not uploaded by
-- anyone: such a file has no uploader.
ALTER TABLE patient_files ALTER COLUMN uploaded_by DROP NOT NULL;
