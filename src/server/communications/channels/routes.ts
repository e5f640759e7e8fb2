import { changeClinicSettings, lockClinicSettings, readClinicSettings } from '../../platform';
import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  channelSettingsSchema,
  channelSettingsViewSchema,
  patientChannelSchema,
  patientChannelViewSchema,
} from '../../../common/schemas/channels';
import { AppError } from '../../platform';
import { transact } from '../../platform';
import { requireUser } from '../../access';
import { audited, auditContext } from '../../platform';
import { requireOwnRecord } from '../../identity';
import type { ChannelPreference } from './preferences-repository';
import { offeredChannels } from './choice';
import { surveyEnabledAtAfter } from './survey-switch';

const idParams = z.object({ id: z.uuid({ error: 'Identificador no válido' }) });

/**
 * The clinic's channels (order, providers configured or not, the after-visit message), and a patient's
 * preferred channel and consent — set by the desk on her record or by herself in her profile, each change
 * recorded with its moment and author (and audited).
 */
export const channelsRoutes: RoutePlugin = async (app, deps) => {
  const { repos, db } = deps;
  const present = async (row: ChannelPreference) => ({
    preferredChannel: row.preferredChannel,
    phoneConsent: row.phoneConsent,
    consentRecordedAt: row.phoneConsentAt?.toISOString() ?? null,
    consentRecordedBy: row.phoneConsentBy,
    consentRecordedByName: row.phoneConsentByName,
    offeredChannels: offeredChannels((await readClinicSettings(deps)).messageChannels, deps.channels.providersOn()),
  });
  const settingsView = async () => {
    const settings = await readClinicSettings(deps);
    return {
      channels: settings.messageChannels,
      surveyEnabled: settings.surveyEnabled,
      surveyDelayHours: settings.surveyDelayHours,
      surveyReviewUrl: settings.surveyReviewUrl,
      providers: deps.channels.providersOn(),
    };
  };

  app.get(
    api.channelSettings,
    { config: { access: 'manage:settings' }, schema: { response: { 200: channelSettingsViewSchema } } },
    settingsView,
  );

  app.put(
    api.channelSettings,
    {
      config: { access: 'manage:settings' },
      schema: { body: channelSettingsSchema, response: { 200: channelSettingsViewSchema } },
    },
    async (request) => {
      const { channels, ...survey } = request.body;
      // Like the other clinic settings (modules/settings), a settings change is not an audited record change.
      await transact(db, async (tx) => {
        const surveyEnabledAt = surveyEnabledAtAfter(await lockClinicSettings(deps, tx), survey.surveyEnabled);
        await changeClinicSettings(deps, { messageChannels: channels, ...survey, surveyEnabledAt }, tx);
      });
      return settingsView();
    },
  );

  const setPreference = async (
    patientId: string,
    input: z.infer<typeof patientChannelSchema>,
    request: Parameters<typeof auditContext>[0],
    by: 'patient' | 'staff',
  ) => {
    const user = requireUser(request);
    const result = await audited(db, (tx) => repos.channelPreferences.set(patientId, input, user.id, tx), {
      ...auditContext(request),
      action: 'update',
      entity: 'patient',
      entityId: patientId,
      patientId,
      details: { fields: ['preferredChannel', 'phoneConsent'], ...input, by },
    });
    if (!result) throw new AppError(404, 'NOT_FOUND');
    return present(result.after);
  };

  app.get(
    api.patientChannel(':id'),
    { config: { access: 'read:patients' }, schema: { params: idParams, response: { 200: patientChannelViewSchema } } },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      return present((await repos.channelPreferences.get(patient.id))!);
    },
  );

  app.put(
    api.patientChannel(':id'),
    {
      config: { access: 'manage:patients' },
      schema: { params: idParams, body: patientChannelSchema, response: { 200: patientChannelViewSchema } },
    },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      return setPreference(patient.id, request.body, request, 'staff');
    },
  );

  app.get(
    api.myChannel,
    { config: { access: 'read:record' }, schema: { response: { 200: patientChannelViewSchema } } },
    async (request) => {
      const own = await requireOwnRecord(deps, requireUser(request));
      return present((await repos.channelPreferences.get(own.id))!);
    },
  );

  app.put(
    api.myChannel,
    {
      config: { access: 'update:contact' },
      schema: { body: patientChannelSchema, response: { 200: patientChannelViewSchema } },
    },
    async (request) => {
      const own = await requireOwnRecord(deps, requireUser(request));
      return setPreference(own.id, request.body, request, 'patient');
    },
  );
};
