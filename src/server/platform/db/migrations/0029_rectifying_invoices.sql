-- Rectifying invoices (issue «Billing», item 2) and what a patient owes for an invoice and its rectifications.
--
-- An original invoice and the rectifying invoices that name it form one account: by substitution (S) a
-- rectifying invoice replaces the original's amount, by difference (I) it adds to it (a negative difference is
-- what is given back). A cancelled invoice counts for nothing. Payments of any of them count for the account, and
-- a refund is a negative payment, taken only against a rectifying invoice.
ALTER TABLE payments DROP CONSTRAINT payments_amount_cents_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_amount_cents_check CHECK (amount_cents <> 0);
--> statement-breakpoint
CREATE INDEX invoice_rectifications_rectified_idx ON invoice_rectifications (rectified_invoice_id);
--> statement-breakpoint

-- What the account of an original invoice comes to: the last live substitution's total, or the original's, plus
-- every live difference; nothing when the original is cancelled.
CREATE FUNCTION invoice_account_due(root uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = root) THEN 0 ELSE
    coalesce(
      (SELECT i.total_cents FROM invoices i
         JOIN invoice_rectifications r ON r.invoice_id = i.id
        WHERE r.rectified_invoice_id = root AND r.kind = 'S'
          AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
        ORDER BY i.issued_at DESC, i.sequence DESC LIMIT 1),
      (SELECT i.total_cents FROM invoices i WHERE i.id = root))
    + coalesce(
      (SELECT sum(i.total_cents)::int FROM invoices i
         JOIN invoice_rectifications r ON r.invoice_id = i.id
        WHERE r.rectified_invoice_id = root AND r.kind = 'I'
          AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)), 0)
  END
$$;
--> statement-breakpoint

-- What has been paid on the account (refunds are negative).
CREATE FUNCTION invoice_account_paid(root uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(p.amount_cents), 0)::int FROM payments p
   WHERE p.invoice_id = root
      OR p.invoice_id IN (SELECT r.invoice_id FROM invoice_rectifications r WHERE r.rectified_invoice_id = root)
$$;
--> statement-breakpoint

-- Payments and cash closings refuse changes with their own words (they said «Las facturas…» until now).
CREATE FUNCTION refuse_change_of_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los cobros y los cierres de caja no se modifican ni se borran (%)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
DROP TRIGGER payments_append_only ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_payment();
--> statement-breakpoint
DROP TRIGGER cash_closings_append_only ON cash_closings;
--> statement-breakpoint
CREATE TRIGGER cash_closings_append_only BEFORE UPDATE OR DELETE ON cash_closings
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_payment();
