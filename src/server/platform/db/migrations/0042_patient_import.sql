-- Import of patients (and of their future appointments) from the previous program (issue 37, item 3). An import keeps its file until its week of undo is
-- over (gzip in base64: PGlite takes a big text parameter several times faster than a bytea one), the mapping and
-- choices it ran with, its state and progress; each row of the file, once written, keeps what was done with it: the
-- record it created or updated (with the values it replaced, for the undo), or why not.
CREATE TABLE patient_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target text NOT NULL DEFAULT 'patients' CHECK (target IN ('patients', 'appointments')),
  file_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('csv', 'xlsx', 'ods')),
  encoding text,
  separator text,
  content text,
  header jsonb NOT NULL,
  sample jsonb NOT NULL DEFAULT '[]'::jsonb,
  total_rows integer NOT NULL,
  mapping jsonb NOT NULL,
  choices jsonb NOT NULL DEFAULT '{}'::jsonb,
  default_choice text CHECK (default_choice IN ('skip', 'update', 'create')),
  status text NOT NULL DEFAULT 'uploaded'
    CHECK (status IN ('uploaded', 'queued', 'running', 'done', 'failed', 'undo_queued', 'undoing', 'undone')),
  processed_rows integer NOT NULL DEFAULT 0,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  skipped_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  kept_on_undo integer NOT NULL DEFAULT 0,
  failure text,
  created_by uuid NOT NULL REFERENCES accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  undone_at timestamptz,
  undone_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE INDEX patient_imports_created_idx ON patient_imports (created_at);
--> statement-breakpoint
CREATE INDEX patient_imports_pending_idx ON patient_imports (queued_at) WHERE status IN ('queued', 'running', 'undo_queued', 'undoing');
--> statement-breakpoint
CREATE TABLE patient_import_rows (
  import_id uuid NOT NULL REFERENCES patient_imports(id) ON DELETE CASCADE,
  line integer NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'skip', 'error')),
  patient_id uuid,
  appointment_id uuid,
  code text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  previous jsonb,
  written_at timestamptz,
  undo text CHECK (undo IN ('undone', 'kept')),
  PRIMARY KEY (import_id, line)
);
--> statement-breakpoint
CREATE INDEX patient_import_rows_patient_idx ON patient_import_rows (patient_id) WHERE patient_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX patient_import_rows_code_idx ON patient_import_rows (code) WHERE code <> '' AND patient_id IS NOT NULL;
