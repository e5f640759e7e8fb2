import { eq } from 'drizzle-orm';
import type { BillingMode } from '../../../common/schemas/verifactu';
import { clinicSettings } from '../../platform';
import type { Tx } from '../../platform';

/**
 * The clinic's billing mode as an issue must read it (migration 0040): in its own transaction, under a share lock of
 * the settings row, never from the settings' cache — a switch to producción (which locks the row for update) waits
 * for the invoices being issued, and those issued after it see producción.
 */
export function createBillingModeRepository() {
  return {
    async modeForIssue(tx: Tx): Promise<BillingMode> {
      const [row] = await tx
        .select({ mode: clinicSettings.billingMode })
        .from(clinicSettings)
        .where(eq(clinicSettings.id, 1))
        .for('share');
      return row?.mode ?? 'pruebas';
    },
  };
}

export type BillingModeRepository = ReturnType<typeof createBillingModeRepository>;
