-- Import of documents from the previous program (issue 37, item 3): a ZIP whose files name their patient by her
-- document number or her code in the previous program. An import may now be of documents, read from a ZIP; each
-- row of it keeps the file it filed (for the undo).
ALTER TABLE patient_imports DROP CONSTRAINT patient_imports_target_check;
--> statement-breakpoint
ALTER TABLE patient_imports ADD CONSTRAINT patient_imports_target_check
  CHECK (target IN ('patients', 'appointments', 'documents'));
--> statement-breakpoint
ALTER TABLE patient_imports DROP CONSTRAINT patient_imports_kind_check;
--> statement-breakpoint
ALTER TABLE patient_imports ADD CONSTRAINT patient_imports_kind_check CHECK (kind IN ('csv', 'xlsx', 'ods', 'zip'));
--> statement-breakpoint
ALTER TABLE patient_import_rows ADD COLUMN file_id uuid;
