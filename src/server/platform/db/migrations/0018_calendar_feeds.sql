-- Private iCalendar feeds: one per account (a doctor's own agenda, or the whole clinic's for an admin).
-- Only the SHA-256 of the token is stored; revoking replaces the row's hash, so the old URL stops working.
CREATE TABLE calendar_feeds (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  scope text NOT NULL CONSTRAINT calendar_feeds_scope_check CHECK (scope IN ('doctor', 'clinic')),
  token_hash text NOT NULL CONSTRAINT calendar_feeds_token_hash_key UNIQUE,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint

-- What the feeds show of each patient: initials (default) or the full name; never the reason.
ALTER TABLE clinic_settings
  ADD COLUMN feed_patient_display text NOT NULL DEFAULT 'initials'
  CONSTRAINT clinic_settings_feed_patient_display_check CHECK (feed_patient_display IN ('initials', 'full_name'));
