import type { RoutePlugin } from '../route-deps';
import { readClinicSettings } from '../../platform';
import { changeSettings } from './use-cases';
import { api } from '../../../common/api-paths';
import {
  clinicSettingsResponseSchema,
  clinicSettingsUpdateSchema,
  type ClinicSettingsResponse,
} from '../../../common/schemas/settings';
import type { ClinicSettingsRow } from '../../platform';

export function presentSettings(row: ClinicSettingsRow): ClinicSettingsResponse {
  const { id: _id, updatedAt, ...rest } = row;
  return { ...rest, updatedAt: updatedAt.toISOString() };
}

export const settingsRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.settings,
    { config: { access: 'manage:settings' }, schema: { response: { 200: clinicSettingsResponseSchema } } },
    async () => presentSettings(await readClinicSettings(deps)),
  );

  app.patch(
    api.settings,
    {
      config: { access: 'manage:settings' },
      schema: { body: clinicSettingsUpdateSchema, response: { 200: clinicSettingsResponseSchema } },
    },
    async (request) => presentSettings(await changeSettings(deps, request.body)),
  );
};
