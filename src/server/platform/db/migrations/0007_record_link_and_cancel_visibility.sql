ALTER TABLE "accounts" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_verification_tokens_account_idx" ON "email_verification_tokens" USING btree ("account_id","created_at");
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason_visible" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Reasons a patient wrote themselves were always theirs to see; staff reasons stay hidden from now on.
UPDATE "appointments" SET "cancel_reason_visible" = true
 WHERE "status" = 'cancelada'
   AND ("cancelled_by" IS NULL OR "cancelled_by" IN (SELECT "id" FROM "profiles" WHERE "role" = 'paciente'));
