import type { z } from 'zod';
import type { channelSettingsSchema, patientChannelSchema } from '../../../common/schemas/channels';
import {
  AppError,
  audited,
  changeClinicSettings,
  clock,
  lockClinicSettings,
  readClinicSettings,
  transact,
  type AuditEntry,
} from '../../platform';
import type { PhoneChannel } from '../../../common/schemas/channels';
import type { CoreDeps } from '../deps';
import { offeredChannels } from './choice';
import type { ChannelPreference } from './preferences-repository';
import { surveyEnabledAtAfter } from './survey-switch';

type Deps = Pick<CoreDeps, 'db' | 'repos' | 'channels'>;

/** A provider's delivery statuses, each recorded once (providers repeat them). */
export const recordDeliveryStatuses = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  channel: PhoneChannel,
  events: { id: string; status: string; errorCode: string | null }[],
) =>
  transact(deps.db, async (tx) => {
    for (const event of events) {
      await deps.repos.channelOutbox.recordStatus(
        { channel, providerMessageId: event.id, status: event.status, errorCode: event.errorCode },
        clock.now(),
        tx,
      );
    }
  });

/** The clinic's channels, its after-visit message and which providers are configured. */
export async function channelSettingsView(deps: Pick<CoreDeps, 'repos' | 'channels'>) {
  const settings = await readClinicSettings(deps);
  return {
    channels: settings.messageChannels,
    surveyEnabled: settings.surveyEnabled,
    surveyDelayHours: settings.surveyDelayHours,
    surveyReviewUrl: settings.surveyReviewUrl,
    providers: deps.channels.providersOn(),
  };
}

/** Changes the clinic's channels and after-visit message; the survey's start moves only when it is switched on. */
export const changeChannelSettings = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  { channels, ...survey }: z.infer<typeof channelSettingsSchema>,
) =>
  // Like the other clinic settings (modules/settings), a settings change is not an audited record change.
  transact(deps.db, async (tx) => {
    const surveyEnabledAt = surveyEnabledAtAfter(await lockClinicSettings(deps, tx), survey.surveyEnabled);
    await changeClinicSettings(deps, { messageChannels: channels, ...survey, surveyEnabledAt }, tx);
  });

const present = async (deps: Pick<CoreDeps, 'repos' | 'channels'>, row: ChannelPreference) => ({
  preferredChannel: row.preferredChannel,
  phoneConsent: row.phoneConsent,
  consentRecordedAt: row.phoneConsentAt?.toISOString() ?? null,
  consentRecordedBy: row.phoneConsentBy,
  consentRecordedByName: row.phoneConsentByName,
  offeredChannels: offeredChannels((await readClinicSettings(deps)).messageChannels, deps.channels.providersOn()),
});

/** A patient's preferred channel and consent, with the channels the clinic offers. */
export const channelPreferenceOf = async (deps: Pick<CoreDeps, 'repos' | 'channels'>, patientId: string) =>
  present(deps, (await deps.repos.channelPreferences.get(patientId))!);

/** Sets a patient's preferred channel and consent, audited; a change of consent records its moment and author. */
export async function setChannelPreference(
  deps: Deps,
  patientId: string,
  input: z.infer<typeof patientChannelSchema>,
  recordedBy: string,
  entry: AuditEntry,
) {
  const result = await audited(
    deps.db,
    (tx) => deps.repos.channelPreferences.set(patientId, input, recordedBy, tx),
    entry,
  );
  if (!result) throw new AppError(404, 'NOT_FOUND');
  return present(deps, result.after);
}
