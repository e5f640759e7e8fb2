import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BillingMode } from '../../../common/schemas/verifactu';
import type { Db } from '../../platform';
import { verifactuOutages } from '../../platform';
import type { Tx } from '../../platform';

export type OutageRow = typeof verifactuOutages.$inferSelect;

/**
 * «Incidencias» (migration 0040): the periods during which the AEAT could not be reached for a chain (an issuer in
 * a mode), from the first attempt that failed to the next answer. At most one is open per chain (a partial unique
 * index); while it is, the records generated are flagged `incident` (records-repository.ts `appendRecord`).
 */
export function createOutagesRepository(db: Db) {
  return {
    /** Opens the chain's outage at `at`, or, when one is open, notes the latest error. */
    async open(chain: { issuerNif: string; mode: BillingMode }, at: Date, error: string, tx: Tx): Promise<void> {
      await tx
        .insert(verifactuOutages)
        .values({ ...chain, startedAt: at, reason: error, lastError: error })
        .onConflictDoUpdate({
          target: [verifactuOutages.issuerNif, verifactuOutages.mode],
          targetWhere: isNull(verifactuOutages.endedAt),
          set: { lastError: error },
        });
    },

    /** Ends the chain's open outage at `at` (an answer came); answers whether one was open. */
    async close(chain: { issuerNif: string; mode: BillingMode }, at: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(verifactuOutages)
        .set({ endedAt: sql`greatest(${verifactuOutages.startedAt}, ${at.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(verifactuOutages.issuerNif, chain.issuerNif),
            eq(verifactuOutages.mode, chain.mode),
            isNull(verifactuOutages.endedAt),
          ),
        )
        .returning({ id: verifactuOutages.id });
      return rows.length > 0;
    },

    /** The chain's open outage, if any. */
    async current(chain: { issuerNif: string; mode: BillingMode }, tx: Db = db): Promise<OutageRow | undefined> {
      const [row] = await tx
        .select()
        .from(verifactuOutages)
        .where(
          and(
            eq(verifactuOutages.issuerNif, chain.issuerNif),
            eq(verifactuOutages.mode, chain.mode),
            isNull(verifactuOutages.endedAt),
          ),
        );
      return row;
    },

    /** The latest outages first, at most `limit`. */
    async list(limit: number, tx: Db = db): Promise<OutageRow[]> {
      return tx
        .select()
        .from(verifactuOutages)
        .orderBy(desc(verifactuOutages.startedAt), desc(verifactuOutages.id))
        .limit(limit);
    },
  };
}

export type OutagesRepository = ReturnType<typeof createOutagesRepository>;
