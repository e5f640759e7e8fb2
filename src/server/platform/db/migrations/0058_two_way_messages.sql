-- Replies by SMS and WhatsApp (issue 38, item 2): each message a patient sends to the clinic's number, recorded once
-- by the provider's id (providers repeat their webhooks), with the patient and the appointment it was matched to and
-- what was done with it. A message in the chat may now come or go by SMS or WhatsApp: it names its channel, the
-- appointment it refers to, the rule its reply applied, and the outbox row that carried it (for its delivery status).
-- A patient's reply by phone has no account behind it: the author is then the channel.
CREATE TABLE inbound_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL,
  provider_message_id text NOT NULL,
  from_number text NOT NULL,
  body text NOT NULL,
  received_at timestamptz NOT NULL,
  patient_id uuid REFERENCES patients(id),
  appointment_id uuid REFERENCES appointments(id),
  outcome text NOT NULL,
  message_id uuid REFERENCES messages(id),
  linked_by uuid REFERENCES accounts(id),
  linked_at timestamptz,
  CONSTRAINT inbound_messages_channel_check CHECK (channel IN ('sms', 'whatsapp')),
  CONSTRAINT inbound_messages_outcome_check CHECK (outcome IN ('confirmed', 'declined', 'change-requested', 'inbox')),
  CONSTRAINT inbound_messages_provider_key UNIQUE (channel, provider_message_id)
);
--> statement-breakpoint
CREATE INDEX inbound_messages_unmatched_idx ON inbound_messages (received_at) WHERE patient_id IS NULL;
--> statement-breakpoint
CREATE INDEX inbound_messages_patient_idx ON inbound_messages (patient_id, channel, received_at);
--> statement-breakpoint
-- A reply is matched to the appointment of the last message sent to its number.
CREATE INDEX message_outbox_to_number_idx ON message_outbox (to_number, sent_at);
--> statement-breakpoint
ALTER TABLE messages ALTER COLUMN author_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN channel text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN appointment_id uuid REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN applied_rule text;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN outbox_id uuid REFERENCES message_outbox(id);
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_channel_check CHECK (channel IN ('sms', 'whatsapp'));
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_applied_rule_check
  CHECK (applied_rule IN ('confirmed', 'declined', 'change-requested'));
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_author_check CHECK (author_id IS NOT NULL OR channel IS NOT NULL);
--> statement-breakpoint
ALTER TABLE appointment_answers ADD COLUMN via text NOT NULL DEFAULT 'link';
--> statement-breakpoint
ALTER TABLE appointment_answers ADD CONSTRAINT appointment_answers_via_check CHECK (via IN ('link', 'sms', 'whatsapp'));
