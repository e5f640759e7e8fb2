-- Billing in two modes (issue 35, items 1 and 2). «pruebas»: the demo and every installation until it goes live;
-- its records go to the AEAT's test environment and its invoices are stamped «SIN VALOR FISCAL — PRUEBAS».
-- «produccion»: switched on once by an admin; its invoices take series of their own (FV, SV, RV) from number 1 and
-- its records a chain of their own from PrimerRegistro. Every invoice and record says its mode; each issuer has one
-- chain, one send window and one outbox per mode.
ALTER TABLE clinic_settings
  ADD COLUMN billing_mode text NOT NULL DEFAULT 'pruebas' CHECK (billing_mode IN ('pruebas', 'produccion')),
  ADD COLUMN billing_production_since timestamptz,
  -- NumeroInstalacion of SistemaInformatico: generated once per database, never the same in two installations.
  ADD COLUMN verifactu_installation text NOT NULL DEFAULT gen_random_uuid()::text;
--> statement-breakpoint

-- Everything written before this migration was written in pruebas: no installation had gone live.
ALTER TABLE invoices ADD COLUMN mode text NOT NULL DEFAULT 'pruebas' CHECK (mode IN ('pruebas', 'produccion'));
--> statement-breakpoint
ALTER TABLE verifactu_records ADD COLUMN mode text NOT NULL DEFAULT 'pruebas' CHECK (mode IN ('pruebas', 'produccion'));
--> statement-breakpoint
ALTER TABLE verifactu_records DROP CONSTRAINT verifactu_records_issuer_nif_position_key;
--> statement-breakpoint
ALTER TABLE verifactu_records
  ADD CONSTRAINT verifactu_records_issuer_nif_mode_position_key UNIQUE (issuer_nif, mode, position);
--> statement-breakpoint

ALTER TABLE verifactu_chains ADD COLUMN mode text NOT NULL DEFAULT 'pruebas' CHECK (mode IN ('pruebas', 'produccion'));
--> statement-breakpoint
ALTER TABLE verifactu_chains DROP CONSTRAINT verifactu_chains_pkey;
--> statement-breakpoint
ALTER TABLE verifactu_chains ADD PRIMARY KEY (issuer_nif, mode);
--> statement-breakpoint

-- `incident`: generated while the AEAT could not be reached, or given back after an attempt that could not reach it;
-- sent with Cabecera/RemisionVoluntaria/Incidencia = S.
ALTER TABLE verifactu_submissions
  ADD COLUMN mode text NOT NULL DEFAULT 'pruebas' CHECK (mode IN ('pruebas', 'produccion')),
  ADD COLUMN incident boolean NOT NULL DEFAULT false;
--> statement-breakpoint
DROP INDEX verifactu_submissions_due_idx;
--> statement-breakpoint
CREATE INDEX verifactu_submissions_due_idx ON verifactu_submissions (issuer_nif, mode, status, next_attempt_at);
--> statement-breakpoint

ALTER TABLE verifactu_send_windows
  ADD COLUMN mode text NOT NULL DEFAULT 'pruebas' CHECK (mode IN ('pruebas', 'produccion'));
--> statement-breakpoint
ALTER TABLE verifactu_send_windows DROP CONSTRAINT verifactu_send_windows_pkey;
--> statement-breakpoint
ALTER TABLE verifactu_send_windows ADD PRIMARY KEY (issuer_nif, mode);
--> statement-breakpoint

-- «Incidencias»: each time the AEAT could not be reached, from the first failed attempt to the next answer.
CREATE TABLE verifactu_outages (
  id bigserial PRIMARY KEY,
  issuer_nif text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('pruebas', 'produccion')),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- What failed first, and last, in Spanish (never a password).
  reason text NOT NULL,
  last_error text NOT NULL,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
--> statement-breakpoint
CREATE UNIQUE INDEX verifactu_outages_open_idx ON verifactu_outages (issuer_nif, mode) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX verifactu_outages_started_idx ON verifactu_outages (started_at);
--> statement-breakpoint

-- The chain of an issuer in one mode, taken for the rest of the transaction (as migration 0031's, per mode).
DROP FUNCTION verifactu_take_chain(text);
--> statement-breakpoint
CREATE FUNCTION verifactu_take_chain(issuer text, chain_mode text) RETURNS SETOF verifactu_records
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('verifactu:' || issuer || ':' || chain_mode, 0));
  RETURN QUERY
    SELECT r.* FROM verifactu_chains c JOIN verifactu_records r ON r.id = c.last_record_id
     WHERE c.issuer_nif = issuer AND c.mode = chain_mode;
END
$$;
