-- A second factor (issue 21, item 2): an authenticator app (TOTP), passkeys (WebAuthn) and recovery codes.

-- «Exigir segundo factor al personal»: admins and doctors without one set it up at their next sign-in.
ALTER TABLE clinic_settings ADD COLUMN require_second_factor_for_staff boolean NOT NULL DEFAULT false;
--> statement-breakpoint

-- One authenticator app per account. The secret is encrypted (AES-256-GCM, docs/decisions/0034-second-factor.md) and never
-- answered once confirmed; `pending_*` holds the one being set up until its first code confirms it.
-- `last_step` is the last 30-second step whose code was accepted: a code is never accepted twice.
CREATE TABLE totp_credentials (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  secret text,
  confirmed_at timestamptz,
  last_step bigint,
  pending_secret text,
  pending_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT totp_credentials_confirmed CHECK ((secret IS NULL) = (confirmed_at IS NULL))
);
--> statement-breakpoint

-- Passkeys: several per account, named; a credential id belongs to one account only.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]'::jsonb,
  device_type text NOT NULL DEFAULT 'singleDevice',
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CONSTRAINT passkeys_credential_id_key UNIQUE (credential_id)
);
--> statement-breakpoint
CREATE INDEX passkeys_account_idx ON passkeys (account_id);
--> statement-breakpoint

-- Ten single-use recovery codes per account: only their SHA-256 is kept (80 random bits each).
CREATE TABLE recovery_codes (
  code_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX recovery_codes_account_idx ON recovery_codes (account_id);
--> statement-breakpoint

-- A sign-in whose password was right and whose second factor is still to come (or to be set up): short
-- lived, single use, bound to the account; the browser holds its token in an HttpOnly cookie (hash kept).
CREATE TABLE pending_sign_ins (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  purpose text NOT NULL CONSTRAINT pending_sign_ins_purpose_check CHECK (purpose IN ('verify', 'setup')),
  challenge text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX pending_sign_ins_account_idx ON pending_sign_ins (account_id);
--> statement-breakpoint

-- The challenge of a passkey being added (one at a time per account), single use.
CREATE TABLE passkey_challenges (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint

-- A sign-in with a passkey alone (with user verification: the device's PIN or biometrics), before any
-- account is known: the challenge, single use, its token's hash in an HttpOnly cookie.
CREATE TABLE passkey_sign_ins (
  id text PRIMARY KEY,
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL
);
