-- Surveys that reach someone (issue 38, item 3).
-- When the after-visit survey was last turned on: only visits that end from then on are asked about, never a
-- backlog. A clinic that has it on already counts from the migration.
ALTER TABLE clinic_settings ADD COLUMN survey_enabled_at timestamptz;
--> statement-breakpoint
UPDATE clinic_settings SET survey_enabled_at = now() WHERE survey_enabled;
--> statement-breakpoint
-- The clinic's one reply by e-mail to an answer («Opiniones»), with when and who sent it.
ALTER TABLE visit_surveys ADD COLUMN reply_text text;
--> statement-breakpoint
ALTER TABLE visit_surveys ADD COLUMN replied_at timestamptz;
--> statement-breakpoint
ALTER TABLE visit_surveys ADD COLUMN replied_by uuid REFERENCES accounts(id);
--> statement-breakpoint
CREATE INDEX visit_surveys_answered_idx ON visit_surveys (answered_at) WHERE answered_at IS NOT NULL;
