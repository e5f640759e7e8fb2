import { sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { insurers, insurerSettlementVisits, invoices, patients } from '../../platform';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What is owed (`o.cents`, of age `o.age` in days) summed by age: the columns both reports group. */
const AGEING = sql.raw(`coalesce(sum(o.cents) FILTER (WHERE o.age <= 30), 0)::bigint AS up_to_30,
               coalesce(sum(o.cents) FILTER (WHERE o.age BETWEEN 31 AND 60), 0)::bigint AS from_31_to_60,
               coalesce(sum(o.cents) FILTER (WHERE o.age BETWEEN 61 AND 90), 0)::bigint AS from_61_to_90,
               coalesce(sum(o.cents) FILTER (WHERE o.age > 90), 0)::bigint AS over_90,
               sum(o.cents)::bigint AS total_cents,
               count(*)::int AS invoices`);

interface AgeingRow {
  up_to_30: string;
  from_31_to_60: string;
  from_61_to_90: string;
  over_90: string;
  total_cents: string;
  invoices: number;
}

const amountsOf = (row: AgeingRow) => ({
  upTo30: Number(row.up_to_30),
  from31To60: Number(row.from_31_to_60),
  from61To90: Number(row.from_61_to_90),
  over90: Number(row.over_90),
  totalCents: Number(row.total_cents),
  invoices: Number(row.invoices),
});

/**
 * «Deudas» (issue 36, item 8): what each patient owes, by the age of the invoice's date of issue on `today` (the
 * clinic's day). What is owed is the account's, as the invoice list reads it (`invoices/repository.ts`,
 * `outstandingOf`): an original invoice that stands, its total and its rectifying invoices' less what was paid on
 * them, refunds counted; a rectifying invoice and an F3 carry no account of their own, and what the clinic is to
 * give back is not netted against what is owed.
 */
export function debtsOf(db: Db) {
  return {
    async debtsByPatient(today: string, tx: Db = db) {
      const result = await tx.execute(sql`
        WITH owed AS (
          SELECT i.patient_id, (${today}::date - i.issue_date) AS age,
                 invoice_account_due(i.id) - invoice_account_paid(i.id) AS cents
            FROM ${invoices} i
           WHERE NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
             AND NOT EXISTS (SELECT 1 FROM invoice_rectifications r WHERE r.invoice_id = i.id)
             AND NOT EXISTS (SELECT 1 FROM invoice_substitutions s WHERE s.invoice_id = i.id)
        )
        SELECT p.id AS patient_id, p.first_name || ' ' || p.last_name AS patient_name,
               ${AGEING}
          FROM owed o JOIN ${patients} p ON p.id = o.patient_id
         WHERE o.cents > 0
         GROUP BY p.id, p.first_name, p.last_name
         ORDER BY sum(o.cents) DESC, p.last_name, p.first_name, p.id`);
      return rowsOf<AgeingRow & { patient_id: string; patient_name: string }>(result).map((row) => ({
        patientId: row.patient_id,
        patientName: row.patient_name,
        ...amountsOf(row),
      }));
    },

    /**
     * The same by insurer: its invoices of «Liquidación de aseguradoras» (their patient is none; the insurer is the
     * one their settled visits name), each owing its account as above.
     */
    async debtsByInsurer(today: string, tx: Db = db) {
      const result = await tx.execute(sql`
        WITH owed AS (
          SELECT (SELECT v.insurer_id FROM ${insurerSettlementVisits} v WHERE v.invoice_id = i.id LIMIT 1) AS insurer_id,
                 (${today}::date - i.issue_date) AS age,
                 invoice_account_due(i.id) - invoice_account_paid(i.id) AS cents
            FROM ${invoices} i
           WHERE i.payer = 'aseguradora'
             AND NOT EXISTS (SELECT 1 FROM invoice_cancellations c WHERE c.invoice_id = i.id)
             AND NOT EXISTS (SELECT 1 FROM invoice_rectifications r WHERE r.invoice_id = i.id)
        )
        SELECT n.id AS insurer_id, n.name AS insurer_name,
               ${AGEING}
          FROM owed o JOIN ${insurers} n ON n.id = o.insurer_id
         WHERE o.cents > 0
         GROUP BY n.id, n.name
         ORDER BY sum(o.cents) DESC, n.name, n.id`);
      return rowsOf<AgeingRow & { insurer_id: string; insurer_name: string }>(result).map((row) => ({
        insurerId: row.insurer_id,
        insurerName: row.insurer_name,
        ...amountsOf(row),
      }));
    },
  };
}
