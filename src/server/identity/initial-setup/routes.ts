import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import {
  initialSetupCheckResultSchema,
  initialSetupCheckSchema,
  initialSetupSchema,
} from '../../../common/schemas/setup';
import { signInResultSchema } from '../../../common/schemas/second-factor';
import { auditContext } from '../../platform';
import { completeSignIn, secondStepAfterPassword } from '../auth/sign-in';
import { checkInitialSetupLink, createFirstAdmin } from './use-cases';

/**
 * The first run without a terminal (issue 37, item 2): the page of the link the server printed checks it, then
 * creates the first admin through it and signs her in as the sign-in does. Public: the link is the proof.
 */
export const initialSetupRoutes: RoutePlugin = async (app, deps) => {
  const config = { access: 'public', rateLimit: deps.config.limits.initialSetup } as const;

  app.post(
    api.initialSetupCheck,
    { config, schema: { body: initialSetupCheckSchema, response: { 200: initialSetupCheckResultSchema } } },
    async (request) => {
      await checkInitialSetupLink(deps, request.body.token);
      return { valid: true as const };
    },
  );

  app.post(
    api.initialSetup,
    { config, schema: { body: initialSetupSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => {
      const { account, profile } = await createFirstAdmin(deps, request.body, auditContext(request));
      // The clinic may already require a second factor of its staff: then she sets one up before a session.
      const secondFactor = await secondStepAfterPassword(deps, request, reply, account, profile);
      if (secondFactor) return { user: null, profile: null, secondFactor };
      return completeSignIn(deps, request, reply, account, profile);
    },
  );
};
