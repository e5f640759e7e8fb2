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
