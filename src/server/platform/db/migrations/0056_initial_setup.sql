-- A first run without the demo (issue 37, item 2). While no active admin exists, each start of the server makes a
-- one-time set-up link: only its SHA-256 is kept, with its expiry (24 h); a new start replaces it, and creating the
-- first admin through it uses it up.
CREATE TABLE initial_setup_tokens (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The set-up wizard's progress (which steps are done or skipped, finished, dismissed) and the clinic's autonomous
-- community (ES-MD, ES-CT…), so a later year's holidays load themselves from it.
ALTER TABLE clinic_settings ADD COLUMN setup_progress jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
ALTER TABLE clinic_settings ADD COLUMN holiday_region text NOT NULL DEFAULT '';
