-- The cash closing by shifts (issue 35, item 5). A day may be closed more than once: each closing is a shift
-- (1, 2…) that counts the payments of the day no standing closing counted before it, and keeps their ids, so
-- a payment taken after a closing goes into the next shift and none is ever counted twice. A closing is never
-- changed: an admin reopens it with a reason (cash_reopenings), its payments go back to the open shift, and the
-- next closing counts them again.
ALTER TABLE cash_closings DROP CONSTRAINT cash_closings_pkey;
--> statement-breakpoint
ALTER TABLE cash_closings ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
--> statement-breakpoint
ALTER TABLE cash_closings ADD PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE cash_closings ADD COLUMN shift smallint NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE cash_closings ADD CONSTRAINT cash_closings_day_shift_key UNIQUE (day, shift);
--> statement-breakpoint
ALTER TABLE cash_closings ADD COLUMN payment_ids uuid[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- A closing made before shifts closed its whole day: it counted every payment of that day.
ALTER TABLE cash_closings DISABLE TRIGGER cash_closings_append_only;
--> statement-breakpoint
UPDATE cash_closings c SET payment_ids = coalesce(
  (SELECT array_agg(p.id ORDER BY p.paid_at, p.id) FROM payments p WHERE p.day = c.day), '{}');
--> statement-breakpoint
ALTER TABLE cash_closings ENABLE TRIGGER cash_closings_append_only;
--> statement-breakpoint
ALTER TABLE cash_closings ALTER COLUMN shift DROP DEFAULT;
--> statement-breakpoint
CREATE INDEX cash_closings_day_idx ON cash_closings (day);
--> statement-breakpoint

-- An admin reopens a closing with a reason: once, never undone (a new closing of the day counts again).
CREATE TABLE cash_reopenings (
  closing_id uuid PRIMARY KEY REFERENCES cash_closings(id),
  reason text NOT NULL,
  reopened_at timestamptz NOT NULL,
  reopened_by uuid REFERENCES accounts(id)
);
--> statement-breakpoint
CREATE TRIGGER cash_reopenings_append_only BEFORE UPDATE OR DELETE ON cash_reopenings
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_payment();
