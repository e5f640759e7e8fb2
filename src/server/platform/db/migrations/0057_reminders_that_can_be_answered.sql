-- Reminders that can be answered (issue 38, item 1; decision 0127). The reminder must leave before the patient's
-- limit to change or cancel online (the cancellation window), or its link can change nothing: the default lead
-- was the default window (24 h), so the reminder went out exactly at the limit. The default becomes 48 h, and a
-- clinic whose lead is not greater than its window gets its window plus a day.
ALTER TABLE clinic_settings ALTER COLUMN reminder_lead_hours SET DEFAULT 48;
--> statement-breakpoint
UPDATE clinic_settings
  SET reminder_lead_hours = cancellation_window_hours + 24
  WHERE reminder_lead_hours <= cancellation_window_hours;
--> statement-breakpoint

-- Short links on the clinic's own address (`/r/<code>`) that keep an SMS in one part. The code (10 letters and
-- digits, about 59.5 bits of randomness) is never stored: `id` is the SHA-256 of it, and `sealed_target` the link
-- it leads to, encrypted (AES-256-GCM) under a key derived from the code, so the table alone opens no link.
CREATE TABLE short_links (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('recordatorio', 'encuesta', 'pago')),
  sealed_target text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at)
);
--> statement-breakpoint
CREATE INDEX short_links_expires_at_idx ON short_links (expires_at);
