-- Questionnaires (anamnesis, issue 24, item 2). Like the consent templates (0032): a questionnaire has versions, a
-- published version never changes (the triggers at the end refuse UPDATE and DELETE on versions and on the
-- services they name) and a change publishes the next one. A version is described as JSON (sections and questions,
-- checked by the shared zod schema before it is written) and applies to services and/or to first visits.
CREATE TABLE questionnaires (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  state text NOT NULL DEFAULT 'activo',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES accounts(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT questionnaires_state CHECK (state IN ('activo', 'archivado'))
);
--> statement-breakpoint

CREATE TABLE questionnaire_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  questionnaire_id uuid NOT NULL REFERENCES questionnaires(id),
  number integer NOT NULL,
  title text NOT NULL,
  intro text NOT NULL DEFAULT '',
  first_visit boolean NOT NULL DEFAULT false,
  sections jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES accounts(id),
  published_at timestamptz NOT NULL,
  UNIQUE (questionnaire_id, number),
  CONSTRAINT questionnaire_versions_number CHECK (number >= 1),
  CONSTRAINT questionnaire_versions_sections CHECK (jsonb_typeof(sections) = 'array' AND jsonb_array_length(sections) > 0)
);
--> statement-breakpoint

CREATE TABLE questionnaire_version_services (
  version_id uuid NOT NULL REFERENCES questionnaire_versions(id),
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  PRIMARY KEY (version_id, service_id)
);
--> statement-breakpoint
CREATE INDEX questionnaire_version_services_service_idx ON questionnaire_version_services (service_id);
--> statement-breakpoint

CREATE FUNCTION refuse_change_of_published_questionnaire() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Una versión publicada de un cuestionario no se modifica ni se borra (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER questionnaire_versions_append_only BEFORE UPDATE OR DELETE ON questionnaire_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_published_questionnaire();
--> statement-breakpoint
CREATE TRIGGER questionnaire_version_services_append_only BEFORE UPDATE OR DELETE ON questionnaire_version_services
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_published_questionnaire();
--> statement-breakpoint

-- A questionnaire asked of a patient for one appointment, made in the booking's transaction: the version it answers,
-- the answers saved as she goes (a draft until she sends them) and which declared items the doctor copied into the
-- record.
CREATE TABLE questionnaire_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  patient_id uuid NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
  version_id uuid NOT NULL REFERENCES questionnaire_versions(id),
  status text NOT NULL DEFAULT 'pendiente',
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  copied jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz,
  submitted_at timestamptz,
  UNIQUE (appointment_id, version_id),
  CONSTRAINT questionnaire_requests_status CHECK (status IN ('pendiente', 'enviado')),
  CONSTRAINT questionnaire_requests_submitted CHECK ((status = 'enviado') = (submitted_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX questionnaire_requests_patient_idx ON questionnaire_requests (patient_id);
