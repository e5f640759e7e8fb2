import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { goLiveSmsTestSchema, goLiveTestResultSchema, goLiveViewSchema } from '../../../common/schemas/go-live';
import { requireUser } from '../../access';
import { createGoLiveService } from './service';

/** «Puesta en marcha» (issue 37, item 5): the checks, and the test e-mail and SMS (rate-limited per account). */
export const goLiveRoutes: RoutePlugin = async (app, deps) => {
  const goLive = createGoLiveService(deps);
  const testConfig = { access: 'manage:settings', rateLimit: deps.config.limits.goLiveTest } as const;

  app.get(
    api.goLive,
    { config: { access: 'manage:settings' }, schema: { response: { 200: goLiveViewSchema } } },
    async (request) => goLive.view(request, requireUser(request).email),
  );

  app.post(
    api.goLiveEmailTest,
    { config: testConfig, schema: { body: z.strictObject({}).nullish(), response: { 200: goLiveTestResultSchema } } },
    async (request) => goLive.sendTestEmail(requireUser(request).email),
  );

  app.post(
    api.goLiveSmsTest,
    { config: testConfig, schema: { body: goLiveSmsTestSchema, response: { 200: goLiveTestResultSchema } } },
    async (request) => goLive.sendTestSms(request.body.phone),
  );
};
