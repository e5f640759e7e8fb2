import type { RoutePlugin } from '../route-deps';
import { authApi } from '../../../common/paths';
import { resetFactorsBodySchema } from '../../../common/schemas/auth';
import { resetFactorsSchema } from '../../../common/schemas/step-up';
import { AppError } from '../../platform';
import { hashToken } from '../auth/tokens';
import { presentPasskey } from './profile-routes';
import { factorsOfResetLink } from './use-cases';

/**
 * A reset by e-mail link (the path of someone who lost control of her account) shows, before the new
 * password, the account's passkeys and app with their dates, to keep or remove (issue 33). The link's
 * token proves it and is not used up here; the removals chosen go with `POST …/password-reset/confirm`
 * and happen once the sign-in's second step is proved.
 */
export const secondFactorResetReviewRoutes: RoutePlugin = async (app, deps) => {
  app.post(
    authApi.resetPasswordFactors,
    {
      config: { access: 'public', rateLimit: deps.config.limits.newPassword },
      schema: { body: resetFactorsBodySchema, response: { 200: resetFactorsSchema } },
    },
    async (request) => {
      const factors = await factorsOfResetLink(deps, hashToken(request.body.token));
      if (!factors) throw new AppError(400, 'RESET_LINK_INVALID');
      const { totp, keys } = factors;
      return {
        totp: totp?.secret ? { confirmedAt: totp.confirmedAt?.toISOString() ?? null } : null,
        passkeys: keys.map(presentPasskey),
      };
    },
  );
};
