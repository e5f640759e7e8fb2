-- Step-up before any change to how one signs in (issue 33, item 1).
-- `proved_at`: the last time this session gave a proof of its owner (the sign-in itself, or the password or a
-- second factor given again); a change of factors needs one from the last 5 minutes. Sessions open before this
-- migration have none: their first change of factors asks for it.
ALTER TABLE sessions ADD COLUMN proved_at timestamptz;
--> statement-breakpoint
-- A reset by e-mail link lists the account's factors to keep or remove; the removals chosen wait on the
-- pending sign-in and happen only once its second step is proved (the link alone removes nothing).
ALTER TABLE pending_sign_ins ADD COLUMN removals jsonb;
