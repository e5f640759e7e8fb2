-- A session's end reaches its open live streams on every instance (issue 33): whatever deletes the row — a
-- sign-out, «Cerrar las demás», an admin, a password change or reset, a disabled account, an expiry or idle
-- lock, the sweep — announces it on the live events' channel when its transaction commits. The handle is the
-- session's public identifier; the token's hash never leaves the table.
CREATE FUNCTION announce_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('clinica_events', json_build_object('type', 'session-ended', 'handle', OLD.handle)::text);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_end();
