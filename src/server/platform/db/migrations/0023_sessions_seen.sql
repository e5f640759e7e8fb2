-- Sessions one can see and end (issue 21, item 3) and a desk that locks itself (item 4).
-- `handle`: the session's public identifier (the id is the token's hash, the key every request looks up: it
-- never leaves the server). `last_seen_at` and `ip`: the last request, written at most once a minute.
-- `active_at`: the last input of the person (the client's «sigo aquí» call), which ends a staff session after
-- the clinic's idle time; background requests never move it.
ALTER TABLE sessions ADD COLUMN handle uuid NOT NULL DEFAULT gen_random_uuid();
--> statement-breakpoint
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE sessions ADD COLUMN active_at timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE sessions ADD COLUMN ip text;
--> statement-breakpoint
CREATE UNIQUE INDEX sessions_handle_key ON sessions (handle);
--> statement-breakpoint

-- Minutes without input after which a staff (admin, doctor) session ends; patients keep the 7-day session.
ALTER TABLE clinic_settings ADD COLUMN staff_idle_minutes integer NOT NULL DEFAULT 30
  CONSTRAINT clinic_settings_staff_idle_minutes_check CHECK (staff_idle_minutes BETWEEN 2 AND 480);
--> statement-breakpoint

-- The devices an account has signed in from: the SHA-256 of «browser|system|kind|network», never the
-- user-agent or the address themselves. A sign-in from a device not seen in the last 180 days sends an e-mail.
CREATE TABLE sign_in_devices (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, fingerprint)
);
