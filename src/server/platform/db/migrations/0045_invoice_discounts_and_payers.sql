-- The desk's free hand and another payer (issue 36, items 4 and 5). Invoices stay append-only: these are new
-- columns, and the invoices issued before them read as they were (no discount, the patient pays, nothing withheld).

-- The IRPF a business paying the clinic withholds: 15 %, 7 % for a professional in her first years, 0 when the
-- issuer is a company (or not subject).
ALTER TABLE clinic_settings
  ADD COLUMN issuer_withholding_rate smallint NOT NULL DEFAULT 0 CHECK (issuer_withholding_rate IN (0, 7, 15));
--> statement-breakpoint

-- Who pays (the recipient: the patient, the guardian of a minor's booking or someone else), the one treated as the
-- PDF names her, the invoice's discount (as asked, and what it took off before VAT) and the IRPF withheld.
ALTER TABLE invoices
  ADD COLUMN payer text NOT NULL DEFAULT 'paciente' CHECK (payer IN ('paciente', 'tutor', 'tercero')),
  ADD COLUMN treated_name text,
  ADD COLUMN discount jsonb,
  ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  ADD COLUMN withholding_rate smallint NOT NULL DEFAULT 0 CHECK (withholding_rate IN (0, 7, 15)),
  ADD COLUMN withholding_cents integer NOT NULL DEFAULT 0;
--> statement-breakpoint

-- A line's own discount and its share of the invoice's: its base is what is left of quantity × price.
ALTER TABLE invoice_lines
  ADD COLUMN discount jsonb,
  ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  ADD COLUMN invoice_discount_cents integer NOT NULL DEFAULT 0 CHECK (invoice_discount_cents >= 0),
  ADD CONSTRAINT invoice_lines_base CHECK (
    base_cents = quantity::bigint * unit_price_cents - discount_cents - invoice_discount_cents
  );
--> statement-breakpoint

-- What the account of an original invoice comes to is what its payer owes: each invoice's total less the IRPF the
-- payer withholds (and pays to the AEAT itself).
CREATE OR REPLACE FUNCTION invoice_account_due(root uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = root) THEN 0 ELSE
    coalesce(
      (SELECT i.total_cents - i.withholding_cents FROM invoices i
         JOIN invoice_rectifications r ON r.invoice_id = i.id
        WHERE r.rectified_invoice_id = root AND r.kind = 'S'
          AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
        ORDER BY i.issued_at DESC, i.sequence DESC LIMIT 1),
      (SELECT i.total_cents - i.withholding_cents FROM invoices i WHERE i.id = root))
    + coalesce(
      (SELECT sum(i.total_cents - i.withholding_cents)::int FROM invoices i
         JOIN invoice_rectifications r ON r.invoice_id = i.id
        WHERE r.rectified_invoice_id = root AND r.kind = 'I'
          AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)), 0)
  END
$$;
