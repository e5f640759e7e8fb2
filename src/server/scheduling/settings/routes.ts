import type { RoutePlugin } from '../route-deps';
import { transact } from '../../platform';
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
  const repo = deps.repos.clinic;

  app.get(
    api.settings,
    { config: { access: 'manage:settings' }, schema: { response: { 200: clinicSettingsResponseSchema } } },
    async () => presentSettings(await repo.getSettings()),
  );

  app.patch(
    api.settings,
    {
      config: { access: 'manage:settings' },
      schema: { body: clinicSettingsUpdateSchema, response: { 200: clinicSettingsResponseSchema } },
    },
    async (request) => presentSettings(await transact(deps.db, (tx) => repo.updateSettings(request.body, tx))),
  );
};
