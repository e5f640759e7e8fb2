-- A prescription written despite a recorded allergy keeps what the form warned about and why the doctor
-- went ahead (issue «A safe clinic day», item 1). Nothing else may carry conflicts without a reason.
ALTER TABLE "prescriptions" ADD COLUMN "allergy_conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "allergy_override_reason" text;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_allergy_override" CHECK (jsonb_array_length("allergy_conflicts") = 0 OR coalesce(btrim("allergy_override_reason"), '') <> '');
