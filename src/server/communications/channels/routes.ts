import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  channelSettingsSchema,
  channelSettingsViewSchema,
  patientChannelSchema,
  patientChannelViewSchema,
} from '../../../common/schemas/channels';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import { requireOwnRecord } from '../../identity';
import { changeChannelSettings, channelPreferenceOf, channelSettingsView, setChannelPreference } from './use-cases';

const idParams = z.object({ id: z.uuid({ error: 'Identificador no válido' }) });

/**
 * The clinic's channels (order, providers configured or not, the after-visit message), and a patient's
 * preferred channel and consent — set by the desk on her record or by herself in her profile, each change
 * recorded with its moment and author (and audited).
 */
export const channelsRoutes: RoutePlugin = async (app, deps) => {
  const settingsView = () => channelSettingsView(deps);

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
      await changeChannelSettings(deps, request.body);
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
    return setChannelPreference(deps, patientId, input, user.id, {
      ...auditContext(request),
      action: 'update',
      entity: 'patient',
      entityId: patientId,
      patientId,
      details: { fields: ['preferredChannel', 'phoneConsent'], ...input, by },
    });
  };

  app.get(
    api.patientChannel(':id'),
    { config: { access: 'read:patients' }, schema: { params: idParams, response: { 200: patientChannelViewSchema } } },
    async (request) => {
      const patient = await request.scope.patient(request.params.id);
      return channelPreferenceOf(deps, patient.id);
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
      return channelPreferenceOf(deps, own.id);
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
