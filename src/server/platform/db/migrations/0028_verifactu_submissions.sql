-- Sending the VERI*FACTU records to the AEAT (issue 23, item 4). The records stay append-only; what moves is their
-- send state, one row per record beside it, and each issuer's «do not send before» (TiempoEsperaEnvio).
CREATE TABLE verifactu_submissions (
  record_id bigint PRIMARY KEY REFERENCES verifactu_records(id),
  issuer_nif text NOT NULL,
  -- pendiente: waits to be sent (or sent again); enviando: claimed by a worker until next_attempt_at (its lease);
  -- aceptado, aceptado_con_errores, rechazado: the AEAT's EstadoRegistro for it (Correcto, AceptadoConErrores,
  -- Incorrecto). A rejected alta is corrected by a new record (a subsanación), never by changing this one.
  status text NOT NULL DEFAULT 'pendiente'
    CHECK (status IN ('pendiente', 'enviando', 'aceptado', 'aceptado_con_errores', 'rechazado')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  -- CodigoErrorRegistro and DescripcionErrorRegistro as the AEAT gives them, or what failed on the way.
  last_error_code text,
  last_error_description text,
  -- The CSV of the answer that settled it.
  csv text,
  answered_at timestamptz,
  -- Refused with the whole request (a SOAP Fault of the client's), not by a line of the answer.
  fault boolean NOT NULL DEFAULT false,
  -- The subsanación written for this rejected record (only one is made automatically).
  corrected_by bigint REFERENCES verifactu_records(id)
);
--> statement-breakpoint
CREATE INDEX verifactu_submissions_due_idx ON verifactu_submissions (issuer_nif, status, next_attempt_at);
--> statement-breakpoint

-- One row per issuer: no submission before not_before (the last answer's TiempoEsperaEnvio, a worker's claim, or
-- a retry's back-off), and the last answer, for the admin screen.
CREATE TABLE verifactu_send_windows (
  issuer_nif text PRIMARY KEY,
  not_before timestamptz NOT NULL,
  last_answer_at timestamptz,
  last_status text,
  last_csv text,
  last_wait_seconds integer,
  last_error text
);
--> statement-breakpoint

-- The records written before this migration wait to be sent.
INSERT INTO verifactu_submissions (record_id, issuer_nif, next_attempt_at)
  SELECT id, issuer_nif, 'epoch'::timestamptz FROM verifactu_records;
--> statement-breakpoint
INSERT INTO verifactu_send_windows (issuer_nif, not_before)
  SELECT DISTINCT issuer_nif, 'epoch'::timestamptz FROM verifactu_records;
