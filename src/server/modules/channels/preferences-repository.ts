import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { patients } from '../../db/schema';
import type { MessageChannel } from '../../../common/schemas/channels';
import { clock } from '../../clock';

export interface ChannelPreference {
  preferredChannel: MessageChannel;
  phoneConsent: boolean;
  phoneConsentAt: Date | null;
  phoneConsentBy: string | null;
}

const columns = {
  preferredChannel: patients.preferredChannel,
  phoneConsent: patients.phoneConsent,
  phoneConsentAt: patients.phoneConsentAt,
  phoneConsentBy: patients.phoneConsentBy,
};

/** A patient's preferred channel and consent to SMS/WhatsApp (when and who recorded it). */
export function createChannelPreferencesRepository(db: Db) {
  return {
    async get(patientId: string, tx: Db = db): Promise<ChannelPreference | undefined> {
      const [row] = await tx.select(columns).from(patients).where(eq(patients.id, patientId));
      return row;
    },
    /** Sets the preference; a change of consent records the moment and the account that recorded it. */
    async set(
      patientId: string,
      input: { preferredChannel: MessageChannel; phoneConsent: boolean },
      by: string | null,
      tx: Tx,
    ): Promise<{ before: ChannelPreference; after: ChannelPreference } | undefined> {
      const [before] = await tx.select(columns).from(patients).where(eq(patients.id, patientId)).for('update');
      if (!before) return undefined;
      const consentChanged = before.phoneConsent !== input.phoneConsent;
      const [after] = await tx
        .update(patients)
        .set({
          preferredChannel: input.preferredChannel,
          phoneConsent: input.phoneConsent,
          ...(consentChanged ? { phoneConsentAt: clock.now(), phoneConsentBy: by } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(patients.id, patientId))
        .returning(columns);
      return { before, after: after! };
    },
  };
}

export type ChannelPreferencesRepository = ReturnType<typeof createChannelPreferencesRepository>;
