-- The waiting list (issue 13, item 6): patients waiting for a doctor or a specialty over a range of days,
-- and the offers of freed slots sent to them. An offer books through the same path as any booking: the
-- appointments' exclusion constraint decides who gets the slot.
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"specialty_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"part_of_day" text DEFAULT 'cualquiera' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'esperando' NOT NULL,
	"channel" text NOT NULL,
	"appointment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_target" CHECK ("doctor_id" IS NOT NULL OR "specialty_id" IS NOT NULL),
	CONSTRAINT "waiting_list_entries_days" CHECK ("from_date" <= "to_date"),
	CONSTRAINT "waiting_list_entries_part_of_day" CHECK ("part_of_day" IN ('cualquiera', 'manana', 'tarde')),
	CONSTRAINT "waiting_list_entries_status" CHECK ("status" IN ('esperando', 'reservada', 'retirada')),
	CONSTRAINT "waiting_list_entries_channel" CHECK ("channel" IN ('web', 'area', 'mostrador'))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A specialty is deleted only when no doctor has it: its waiting entries could never be matched again.
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_specialty_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- FIFO: the waiting ones, oldest first.
CREATE INDEX "waiting_list_entries_waiting_idx" ON "waiting_list_entries" USING btree ("created_at","id") WHERE "status" = 'esperando';
--> statement-breakpoint
CREATE INDEX "waiting_list_entries_patient_idx" ON "waiting_list_entries" USING btree ("patient_id");
--> statement-breakpoint
CREATE TABLE "waiting_list_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"source_appointment_id" uuid,
	"outbox_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"appointment_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_offers_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "waiting_list_offers_once" UNIQUE("entry_id","doctor_id","starts_at"),
	CONSTRAINT "waiting_list_offers_status" CHECK ("status" IN ('abierta', 'aceptada'))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_source_fk" FOREIGN KEY ("source_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_outbox_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "waiting_list_offers_slot_idx" ON "waiting_list_offers" USING btree ("doctor_id","starts_at");
