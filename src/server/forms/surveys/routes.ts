import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { surveyAnswerSchema, surveyViewSchema } from '../../../common/schemas/channels';

const tokenParams = z.object({ token: z.string().max(100) });

/** The after-visit survey: public, the single-purpose expiring link is the proof; answered once. */
export const surveysRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.public.survey(':token'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.bookingAnswer },
      schema: { params: tokenParams, response: { 200: surveyViewSchema } },
    },
    async (request) => deps.surveys.view(request.params.token),
  );

  app.post(
    api.public.survey(':token'),
    {
      config: { access: 'public', rateLimit: deps.config.limits.bookingAnswer },
      schema: { params: tokenParams, body: surveyAnswerSchema, response: { 200: surveyViewSchema } },
    },
    async (request) => deps.surveys.answer(request.params.token, request.body),
  );
};
