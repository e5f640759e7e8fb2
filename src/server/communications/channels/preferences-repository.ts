import { eq } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { accounts, patients } from '../../platform';
import type { MessageChannel } from '../../../common/schemas/channels';
import { clock } from '../../platform';

export interface ChannelPreference {
  preferredChannel: MessageChannel;
  phoneConsent: boolean;
  phoneConsentAt: Date | null;
  phoneConsentBy: string | null;
  /** The display name of the account that recorded the consent (null when unknown or deleted). */
  phoneConsentByName: string | null;
}

const columns = {
  preferredChannel: patients.preferredChannel,
  phoneConsent: patients.phoneConsent,
  phoneConsentAt: patients.phoneConsentAt,
  phoneConsentBy: patients.phoneConsentBy,
};

/** Her preference with the name of who recorded the consent; `lock`: the patient's row, for its change. */
const read = async (patientId: string, tx: Db, lock = false): Promise<ChannelPreference | undefined> => {
  const query = tx
    .select({ ...columns, phoneConsentByName: accounts.displayName })
    .from(patients)
    .leftJoin(accounts, eq(accounts.id, patients.phoneConsentBy))
    .where(eq(patients.id, patientId));
  const [row] = await (lock ? query.for('update', { of: patients }) : query);
  return row && { ...row, phoneConsentByName: row.phoneConsentByName || null };
};

/** A patient's preferred channel and consent to SMS/WhatsApp (when and who recorded it). */
export function createChannelPreferencesRepository(db: Db) {
  return {
    async get(patientId: string, tx: Db = db): Promise<ChannelPreference | undefined> {
      return read(patientId, tx);
    },
    /** Sets the preference; a change of consent records the moment and the account that recorded it. */
    async set(
      patientId: string,
      input: { preferredChannel: MessageChannel; phoneConsent: boolean },
      by: string | null,
      tx: Tx,
    ): Promise<{ before: ChannelPreference; after: ChannelPreference } | undefined> {
      const before = await read(patientId, tx, true);
      if (!before) return undefined;
      const consentChanged = before.phoneConsent !== input.phoneConsent;
      await tx
        .update(patients)
        .set({
          preferredChannel: input.preferredChannel,
          phoneConsent: input.phoneConsent,
          ...(consentChanged ? { phoneConsentAt: clock.now(), phoneConsentBy: by } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(patients.id, patientId));
      return { before, after: (await read(patientId, tx))! };
    },
  };
}

export type ChannelPreferencesRepository = ReturnType<typeof createChannelPreferencesRepository>;
