-- Clinical notes: one per appointment, written by the appointment's doctor, signed once; after signing
-- only addenda change it (a trigger refuses editing the clinical text of a signed note).
CREATE TABLE "clinical_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"examination" text DEFAULT '' NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"diagnosis_code" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"patient_summary" text DEFAULT '' NOT NULL,
	"summary_shared_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_notes_appointment_unique" UNIQUE("appointment_id")
);
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The chart's timeline reads a patient's notes newest first, in keyset pages on (created_at, id).
CREATE INDEX "clinical_notes_patient_idx" ON "clinical_notes" USING btree ("patient_id","created_at","id");
--> statement-breakpoint
-- A doctor's notes waiting for a signature.
CREATE INDEX "clinical_notes_unsigned_idx" ON "clinical_notes" USING btree ("doctor_id") WHERE "signed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "clinical_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."clinical_notes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_author_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clinical_note_addenda_note_idx" ON "clinical_note_addenda" USING btree ("note_id","created_at");
--> statement-breakpoint
-- A signed note keeps its clinical text and signature for good, whatever the code above it does.
CREATE FUNCTION "clinical_notes_keep_signed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'clinical notes are never deleted';
	END IF;
	IF OLD.signed_at IS NOT NULL AND (NEW.reason, NEW.examination, NEW.diagnosis, NEW.diagnosis_code, NEW.plan, NEW.signed_at, NEW.appointment_id)
		IS DISTINCT FROM (OLD.reason, OLD.examination, OLD.diagnosis, OLD.diagnosis_code, OLD.plan, OLD.signed_at, OLD.appointment_id) THEN
		RAISE EXCEPTION 'a signed clinical note cannot be changed';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clinical_notes_keep_signed" BEFORE UPDATE OR DELETE ON "clinical_notes" FOR EACH ROW EXECUTE FUNCTION "clinical_notes_keep_signed"();
--> statement-breakpoint
-- Addenda are append-only.
CREATE FUNCTION "clinical_note_addenda_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'addenda are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clinical_note_addenda_append_only" BEFORE UPDATE OR DELETE ON "clinical_note_addenda" FOR EACH ROW EXECUTE FUNCTION "clinical_note_addenda_append_only"();
