-- «Puesta en marcha» (issue 37, item 5): every run of `npm run backup` (the file, its size, whether reading it back
-- found it whole), and the last successful test message of each channel.
CREATE TABLE backup_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  finished_at timestamptz NOT NULL,
  file text NOT NULL,
  size_bytes bigint NOT NULL,
  verified boolean NOT NULL,
  check_error text
);
--> statement-breakpoint
CREATE INDEX backup_runs_finished_at_idx ON backup_runs (finished_at);
--> statement-breakpoint
CREATE TABLE go_live_tests (
  channel text PRIMARY KEY CHECK (channel IN ('email', 'sms')),
  target text NOT NULL,
  tested_at timestamptz NOT NULL
);
