CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "appointments_reminder_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."reminder_sent_at" IS NULL AND "appointments"."status" IN ('pendiente', 'confirmada');--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "manage_token_hash";