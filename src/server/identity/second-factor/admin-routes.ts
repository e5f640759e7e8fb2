import type { RoutePlugin } from '../route-deps';
import { z } from 'zod';
import { secondFactorApi } from '../../../common/second-factor-paths';
import { userSecondFactorSchema } from '../../../common/schemas/second-factor';
import { auditContext } from '../../platform';
import { changeOriginOf } from './service';
import { requireProfile, resetSecondFactor, secondFactorSummary } from './use-cases';

const USER_NOT_FOUND = 'Usuario no encontrado';
const idParams = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });
const admin = { access: 'manage:users' } as const;

/** What an admin sees of a user's second factor, and its reset when she lost her phone or her keys. */
export const secondFactorAdminRoutes: RoutePlugin = async (app, deps) => {
  const profileOf = (id: string) => requireProfile(deps, id, USER_NOT_FOUND);

  app.get(
    secondFactorApi.ofUser(':id'),
    { config: admin, schema: { params: idParams, response: { 200: userSecondFactorSchema } } },
    async (request) => {
      await profileOf(request.params.id);
      return secondFactorSummary(deps, request.params.id);
    },
  );

  /**
   * Removes the user's app, passkeys and recovery codes (and a sign-in half done). If the clinic requires
   * a second factor of her role, her next sign-in takes her to set one up again. Audited.
   */
  app.delete(
    secondFactorApi.ofUser(':id'),
    { config: { ...admin, stepUp: true }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const profile = await profileOf(request.params.id);
      const before = await secondFactorSummary(deps, profile.id);
      await resetSecondFactor(deps, profile, before, changeOriginOf(request), {
        ...auditContext(request),
        action: 'delete',
        entity: 'second_factor',
        entityId: profile.id,
        details: { reset: true, totp: before.totp, passkeys: before.passkeys },
      });
      return reply.status(204).send(null);
    },
  );
};
