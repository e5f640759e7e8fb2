import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { profileSchema, profileUpdateSchema } from '../../../common/schemas/auth';
import { AppError, pgErrorCode } from '../../platform';
import { requireUser } from '../../access';
import { presentProfile } from '../auth/presenters';
import { transact } from '../../platform';

export const profileRoutes: RoutePlugin = async (app, deps) => {
  const repo = deps.repos.auth;

  app.get(
    api.profile,
    { config: { access: 'manage:profile' }, schema: { response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const profile = await repo.findProfile(user.id);
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
        const profile = await transact(deps.db, async (tx) => {
          const merged = await repo.mergeProfile(
            user.id,
            {
              ...(displayName !== undefined ? { displayName } : {}),
              ...(photoURL !== undefined ? { photoUrl: photoURL } : {}),
              ...(phone !== undefined ? { phone: phone === '' ? null : phone } : {}),
            },
            tx,
          );
          // The account keeps its name and photo unless a non-empty one arrives (SPEC §3).
          const accountChanges = {
            ...(displayName ? { displayName } : {}),
            ...(photoURL ? { photoUrl: photoURL } : {}),
          };
          if (Object.keys(accountChanges).length > 0) await repo.updateAccount(user.id, accountChanges, tx);
          return merged;
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
