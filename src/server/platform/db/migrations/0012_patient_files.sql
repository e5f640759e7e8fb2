-- Documents of the clinic, optionally of a patient. A deleted file keeps its row (who deleted it and
-- when) so the audit trail can still name it; its contents are removed.
CREATE TABLE "patient_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid REFERENCES "patients"("id"),
	"type" text NOT NULL CHECK ("type" IN ('analisis', 'imagenes', 'informes', 'recetas', 'consentimientos', 'otros')),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"visible_to_patient" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid NOT NULL REFERENCES "accounts"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid REFERENCES "accounts"("id")
);
--> statement-breakpoint
CREATE INDEX "patient_files_created_idx" ON "patient_files" USING btree ("created_at" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "patient_files_patient_idx" ON "patient_files" USING btree ("patient_id", "created_at" DESC) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The contents of files kept in the database, in pieces of up to 1 MB, read one at a time when served.
CREATE TABLE "patient_file_chunks" (
	"file_id" uuid NOT NULL REFERENCES "patient_files"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	PRIMARY KEY ("file_id", "seq")
);
