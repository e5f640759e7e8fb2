import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { assertNoTransactionOpen } from '../db/transaction-guard';
import { appSecrets, clinicSettings } from '../db/schema';
import { clock } from '../clock';
import { STAFF_IDLE_MINUTES } from '../../../common/idle';
import { realNowMs } from '../dates';

export type ClinicSettingsRow = typeof clinicSettings.$inferSelect;

/**
 * Settings are read by almost every request and change a few times a year: each instance keeps them
 * for a moment. A change made through this instance is seen at once; one made through another
 * instance within SETTINGS_TTL_MS.
 */
// The cache's age is measured on the real clock: a fixed test clock must not keep stale settings.
const SETTINGS_TTL_MS = 2000;

export function createClinicRepository(db: Db) {
  let cached: { row: ClinicSettingsRow; at: number } | undefined;
  let noRowSince: number | undefined;
  return {
    /** The settings row; created with defaults the first time it is asked for. */
    async getSettings(tx: Db = db): Promise<ClinicSettingsRow> {
      if (tx === db) assertNoTransactionOpen();
      if (cached && realNowMs() - cached.at < SETTINGS_TTL_MS) return cached.row;
      const [row] = await tx.select().from(clinicSettings).where(eq(clinicSettings.id, 1));
      if (row) {
        cached = { row, at: realNowMs() };
        return row;
      }
      await tx.insert(clinicSettings).values({ id: 1 }).onConflictDoNothing();
      const [created] = await tx.select().from(clinicSettings).where(eq(clinicSettings.id, 1));
      return created!;
    },

    /**
     * The idle time of staff sessions (issue 21), read on every staff request: from the cached settings, and
     * without writing the settings row when there is none yet (a refused request changes nothing).
     */
    async staffIdleMinutes(tx: Db = db): Promise<number> {
      if (tx === db) assertNoTransactionOpen();
      if (cached && realNowMs() - cached.at < SETTINGS_TTL_MS) return cached.row.staffIdleMinutes;
      // No row yet (a new installation): the default, remembered as long as a row would be.
      if (noRowSince !== undefined && realNowMs() - noRowSince < SETTINGS_TTL_MS) return STAFF_IDLE_MINUTES.default;
      const [row] = await tx.select().from(clinicSettings).where(eq(clinicSettings.id, 1));
      if (row) cached = { row, at: realNowMs() };
      else noRowSince = realNowMs();
      return row?.staffIdleMinutes ?? STAFF_IDLE_MINUTES.default;
    },

    /** A named secret, created with `generate` the first time (the first instance to ask wins). */
    async getOrCreateSecret(name: string, generate: () => string, tx: Tx): Promise<string> {
      await tx.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
      const [row] = await tx.select().from(appSecrets).where(eq(appSecrets.name, name));
      return row!.value;
    },

    /** The settings row as it stands, locked for the change `tx` makes (not from the cache). */
    async lockSettings(tx: Tx): Promise<ClinicSettingsRow> {
      await this.getSettings(tx);
      const [row] = await tx.select().from(clinicSettings).where(eq(clinicSettings.id, 1)).for('update');
      return row!;
    },

    async updateSettings(changes: Partial<Omit<ClinicSettingsRow, 'id' | 'updatedAt'>>, tx: Tx) {
      await this.getSettings(tx);
      const [row] = await tx
        .update(clinicSettings)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(clinicSettings.id, 1))
        .returning();
      cached = { row: row!, at: realNowMs() };
      return row!;
    },
  };
}

export type ClinicRepository = ReturnType<typeof createClinicRepository>;
