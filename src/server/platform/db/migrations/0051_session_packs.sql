-- Session packs (bonos, issue 36, item 3): what the clinic sells, what each patient bought, the sessions her visits
-- used and the refund of what she did not use.

-- A pack the clinic offers: N sessions of one service at a price before VAT (the service's VAT applies), valid for
-- some months from the purchase or with no expiry. Deactivated, never deleted: the packs sold name it.
CREATE TABLE pack_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  sessions integer NOT NULL,
  price_cents integer NOT NULL,
  validity_months integer,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pack_products_sessions CHECK (sessions BETWEEN 2 AND 100),
  CONSTRAINT pack_products_price CHECK (price_cents BETWEEN 1 AND 10000000),
  CONSTRAINT pack_products_validity CHECK (validity_months BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE INDEX pack_products_service_idx ON pack_products (service_id);
--> statement-breakpoint

-- A pack a patient bought: the product's terms as sold (a later change of the product leaves it as it was), its
-- expiry in the clinic's dates (null: none), and the invoice issued at the purchase. Never changed nor deleted.
CREATE TABLE patient_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES pack_products(id),
  patient_id uuid NOT NULL REFERENCES patients(id),
  service_id uuid NOT NULL REFERENCES clinic_services(id),
  sessions integer NOT NULL,
  price_cents integer NOT NULL,
  purchased_on date NOT NULL,
  expires_on date,
  invoice_id uuid NOT NULL UNIQUE REFERENCES invoices(id),
  sold_at timestamptz NOT NULL,
  sold_by uuid REFERENCES accounts(id),
  CONSTRAINT patient_packs_sessions CHECK (sessions BETWEEN 2 AND 100),
  CONSTRAINT patient_packs_price CHECK (price_cents BETWEEN 1 AND 10000000),
  CONSTRAINT patient_packs_expiry CHECK (expires_on IS NULL OR expires_on >= purchased_on),
  CONSTRAINT patient_packs_id_sessions UNIQUE (id, sessions)
);
--> statement-breakpoint
CREATE INDEX patient_packs_patient_idx ON patient_packs (patient_id, service_id, sold_at);
--> statement-breakpoint

-- One session of a pack used by one attended visit. The database holds the two rules: a visit uses at most one
-- session at a time (the partial unique index on the visit), and a pack never gives more sessions than it has (each
-- session in use takes a number from 1 to the pack's sessions, unique in the pack). A session given back (the visit's
-- attendance undone) keeps its row with `released_at`; nothing else of it changes.
CREATE TABLE pack_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pack_id uuid NOT NULL,
  pack_sessions integer NOT NULL,
  number integer NOT NULL,
  appointment_id uuid NOT NULL REFERENCES appointments(id),
  consumed_at timestamptz NOT NULL,
  released_at timestamptz,
  CONSTRAINT pack_sessions_pack FOREIGN KEY (pack_id, pack_sessions) REFERENCES patient_packs(id, sessions),
  CONSTRAINT pack_sessions_number CHECK (number BETWEEN 1 AND pack_sessions),
  CONSTRAINT pack_sessions_release CHECK (released_at IS NULL OR released_at >= consumed_at)
);
--> statement-breakpoint
CREATE UNIQUE INDEX pack_sessions_visit_key ON pack_sessions (appointment_id) WHERE released_at IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX pack_sessions_number_key ON pack_sessions (pack_id, number) WHERE released_at IS NULL;
--> statement-breakpoint

-- The refund of a pack's unused sessions: the rectifying invoice (by differences) of its purchase invoice. One per
-- pack, which it closes.
CREATE TABLE pack_refunds (
  pack_id uuid PRIMARY KEY REFERENCES patient_packs(id),
  invoice_id uuid NOT NULL UNIQUE REFERENCES invoices(id),
  unused_sessions integer NOT NULL,
  refund_cents integer NOT NULL,
  refunded_at timestamptz NOT NULL,
  refunded_by uuid REFERENCES accounts(id),
  CONSTRAINT pack_refunds_unused CHECK (unused_sessions BETWEEN 1 AND 100),
  CONSTRAINT pack_refunds_amount CHECK (refund_cents BETWEEN 0 AND 10000000)
);
--> statement-breakpoint

-- Append-only: a pack sold and its refund are never changed nor deleted; a session is only ever given back.
CREATE TRIGGER patient_packs_append_only BEFORE UPDATE OR DELETE ON patient_packs
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE TRIGGER pack_refunds_append_only BEFORE UPDATE OR DELETE ON pack_refunds
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_issued();
--> statement-breakpoint
CREATE FUNCTION pack_sessions_release_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.released_at IS NULL AND NEW.released_at IS NOT NULL
     AND (NEW.id, NEW.pack_id, NEW.pack_sessions, NEW.number, NEW.appointment_id, NEW.consumed_at)
       IS NOT DISTINCT FROM (OLD.id, OLD.pack_id, OLD.pack_sessions, OLD.number, OLD.appointment_id, OLD.consumed_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Las sesiones de un bono no se modifican ni se borran: solo se devuelven (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER pack_sessions_release_only BEFORE UPDATE OR DELETE ON pack_sessions
  FOR EACH ROW EXECUTE FUNCTION pack_sessions_release_only();
