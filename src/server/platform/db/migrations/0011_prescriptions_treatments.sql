-- Treatments: a plan a doctor writes for a patient. Sessions done are counted from the linked
-- appointments that were attended, so they are never stored.
CREATE TABLE "treatments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL REFERENCES "patients"("id"),
	"doctor_id" uuid NOT NULL REFERENCES "doctors"("id"),
	"title" text NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'activo' NOT NULL,
	"sessions_planned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatments_status" CHECK ("status" IN ('activo', 'finalizado', 'suspendido')),
	CONSTRAINT "treatments_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"),
	CONSTRAINT "treatments_sessions" CHECK ("sessions_planned" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE INDEX "treatments_patient_idx" ON "treatments" USING btree ("patient_id", "start_date");
--> statement-breakpoint
CREATE INDEX "treatments_doctor_idx" ON "treatments" USING btree ("doctor_id", "start_date");
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "treatment_id" uuid REFERENCES "treatments"("id");
--> statement-breakpoint
CREATE INDEX "appointments_treatment_idx" ON "appointments" USING btree ("treatment_id") WHERE "treatment_id" IS NOT NULL;
--> statement-breakpoint
-- Prescriptions are never deleted: a wrong one is cancelled (anulada) with a reason.
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL REFERENCES "patients"("id"),
	"doctor_id" uuid NOT NULL REFERENCES "doctors"("id"),
	"treatment_id" uuid REFERENCES "treatments"("id"),
	"prescribed_on" date NOT NULL,
	"diagnosis" text NOT NULL,
	"medicines" jsonb NOT NULL,
	"verification_code" text NOT NULL,
	"status" text DEFAULT 'activa' NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid REFERENCES "accounts"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_status" CHECK ("status" IN ('activa', 'anulada')),
	CONSTRAINT "prescriptions_cancelled" CHECK (("status" = 'anulada') = ("cancel_reason" IS NOT NULL AND "cancelled_at" IS NOT NULL)),
	CONSTRAINT "prescriptions_medicines" CHECK (jsonb_typeof("medicines") = 'array' AND jsonb_array_length("medicines") >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_verification_code_key" ON "prescriptions" USING btree ("verification_code");
--> statement-breakpoint
CREATE INDEX "prescriptions_doctor_idx" ON "prescriptions" USING btree ("doctor_id", "prescribed_on");
--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("patient_id", "prescribed_on");
--> statement-breakpoint
CREATE INDEX "prescriptions_treatment_idx" ON "prescriptions" USING btree ("treatment_id") WHERE "treatment_id" IS NOT NULL;
