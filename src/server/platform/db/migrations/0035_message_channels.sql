-- Reminders and after-visit messages by SMS and WhatsApp (issue 24, items 3 and 4).
-- The clinic's channels in its order of choice, and the after-visit survey (off by default).
ALTER TABLE clinic_settings ADD COLUMN message_channels text[] NOT NULL DEFAULT '{email}';
--> statement-breakpoint
ALTER TABLE clinic_settings ADD COLUMN survey_enabled boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE clinic_settings ADD COLUMN survey_delay_hours integer NOT NULL DEFAULT 3;
--> statement-breakpoint
ALTER TABLE clinic_settings ADD COLUMN survey_review_url text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE clinic_settings ADD CONSTRAINT clinic_settings_survey_delay_check CHECK (survey_delay_hours BETWEEN 1 AND 168);
--> statement-breakpoint
-- The patient's preferred channel and her consent to messages on her phone, with when and who recorded it.
ALTER TABLE patients ADD COLUMN preferred_channel text NOT NULL DEFAULT 'email';
--> statement-breakpoint
ALTER TABLE patients ADD COLUMN phone_consent boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE patients ADD COLUMN phone_consent_at timestamptz;
--> statement-breakpoint
ALTER TABLE patients ADD COLUMN phone_consent_by uuid REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE patients ADD CONSTRAINT patients_preferred_channel CHECK (preferred_channel IN ('email', 'sms', 'whatsapp'));
--> statement-breakpoint
-- The outbox of SMS and WhatsApp messages: like mail_outbox (written in the change's transaction, claimed with
-- FOR UPDATE SKIP LOCKED under a lease, fenced by attempts), plus the provider's id and the delivery status its
-- callbacks report. `fallback_email` is the e-mail sent instead when the number is refused for good.
CREATE TABLE message_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  channel text NOT NULL,
  appointment_id uuid REFERENCES appointments(id),
  to_number text NOT NULL,
  body text NOT NULL,
  template_params jsonb NOT NULL DEFAULT '[]'::jsonb,
  fallback_email jsonb,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  provider_message_id text,
  delivery_status text,
  delivery_updated_at timestamptz,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  CONSTRAINT message_outbox_channel CHECK (channel IN ('sms', 'whatsapp')),
  CONSTRAINT message_outbox_status CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX message_outbox_due_idx ON message_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX message_outbox_appointment_idx ON message_outbox (appointment_id, created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX message_outbox_provider_key ON message_outbox (channel, provider_message_id);
--> statement-breakpoint
-- Every verified status callback, once (a provider repeats them): the record of what it reported.
CREATE TABLE message_status_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL,
  provider_message_id text NOT NULL,
  status text NOT NULL,
  error_code text,
  received_at timestamptz NOT NULL,
  UNIQUE (channel, provider_message_id, status)
);
--> statement-breakpoint
-- One after-visit message per attended visit (the unique appointment makes the job idempotent). `token_hash`
-- is the survey link's (single-purpose, expiring); null when the clinic sends its review page instead.
CREATE TABLE visit_surveys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  appointment_id uuid NOT NULL UNIQUE REFERENCES appointments(id),
  channel text NOT NULL,
  token_hash text UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  score integer,
  comment text,
  answered_at timestamptz,
  CONSTRAINT visit_surveys_score CHECK (score IS NULL OR score BETWEEN 1 AND 5)
);
