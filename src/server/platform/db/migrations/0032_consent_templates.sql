-- Informed-consent templates (issue 24, item 1). A template has versions; a published version is never changed:
-- the triggers at the end refuse UPDATE and DELETE on versions and on the services they name. A change publishes
-- the next version (every save publishes: there are no drafts). The template row keeps only what may change: its
-- title as of the latest version, and whether it is archived.
CREATE TABLE consent_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  state text NOT NULL DEFAULT 'activa',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES accounts(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consent_templates_state CHECK (state IN ('activa', 'archivada'))
);
--> statement-breakpoint

-- The text of a version in Markdown (headings, lists, bold, italics, paragraphs), by section (Ley 41/2002, art. 10).
CREATE TABLE consent_template_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template_id uuid NOT NULL REFERENCES consent_templates(id),
  number integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  consequences text NOT NULL DEFAULT '',
  risks text NOT NULL,
  alternatives text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES accounts(id),
  published_at timestamptz NOT NULL,
  UNIQUE (template_id, number),
  CONSTRAINT consent_template_versions_number CHECK (number >= 1),
  CONSTRAINT consent_template_versions_text CHECK (length(body) > 0 AND length(risks) > 0)
);
--> statement-breakpoint

-- The services a version applies to, as published.
CREATE TABLE consent_template_version_services (
  version_id uuid NOT NULL REFERENCES consent_template_versions(id),
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  PRIMARY KEY (version_id, service_id)
);
--> statement-breakpoint
CREATE INDEX consent_template_version_services_service_idx ON consent_template_version_services (service_id);
--> statement-breakpoint

CREATE FUNCTION refuse_change_of_published_consent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Una versión publicada de un consentimiento no se modifica ni se borra (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER consent_template_versions_append_only BEFORE UPDATE OR DELETE ON consent_template_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_published_consent();
--> statement-breakpoint
CREATE TRIGGER consent_template_version_services_append_only BEFORE UPDATE OR DELETE ON consent_template_version_services
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_published_consent();
