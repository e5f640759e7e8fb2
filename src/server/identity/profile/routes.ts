import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { profileSchema, profileUpdateSchema } from '../../../common/schemas/auth';
import { AppError, pgErrorCode } from '../../platform';
import { requireUser } from '../../access';
import { presentProfile } from '../auth/presenters';
import { findOwnProfile, updateOwnProfile } from './use-cases';

export const profileRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.profile,
    { config: { access: 'manage:profile' }, schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const profile = await findOwnProfile(deps, user.id);
      if (!profile) throw new AppError(503, 'PROFILE_LOAD_FAILED');
      return presentProfile(profile);
    },
  );

  app.patch(
    api.profile,
    { config: { access: 'manage:profile' }, schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { displayName, photoURL, phone } = request.body;
      try {
        // The account keeps its name and photo unless a non-empty one arrives (SPEC §3).
        const profile = await updateOwnProfile(deps, user.id, {
          ...(displayName !== undefined ? { displayName } : {}),
          ...(photoURL !== undefined ? { photoUrl: photoURL } : {}),
          ...(phone !== undefined ? { phone: phone === '' ? null : phone } : {}),
        });
        if (!profile) throw new AppError(503, 'PROFILE_UPDATE_FAILED');
        return presentProfile(profile);
      } catch (error) {
        if (error instanceof AppError) throw error;
        app.log.error({ code: pgErrorCode(error) }, 'profile update failed');
        throw new AppError(503, 'PROFILE_UPDATE_FAILED');
      }
    },
  );
};
