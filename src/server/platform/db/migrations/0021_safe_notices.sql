-- E-mails leave out the visit's reason unless the clinic chooses otherwise (health data in a mailbox the
-- patient may share).
ALTER TABLE clinic_settings ADD COLUMN mail_include_reason boolean NOT NULL DEFAULT false;
--> statement-breakpoint

-- A desk task created for a notice the patient cannot receive (no e-mail): the key names the notice
-- (the appointment, what happened, the time), so the same notice never makes a second task.
ALTER TABLE tasks ADD COLUMN notice_key text;
--> statement-breakpoint
CREATE UNIQUE INDEX tasks_notice_key_idx ON tasks (notice_key) WHERE notice_key IS NOT NULL;
