import { readClinicSettings } from '../../platform';
import { z } from 'zod';
import { api } from '../../../common/api-paths';
import {
  OPINIONS_PAGE_SIZE,
  opinionCommentsQuerySchema,
  opinionListSchema,
  opinionRatingsSchema,
  opinionReplySchema,
  opinionSchema,
  opinionsQuerySchema,
} from '../../../common/schemas/opinions';
import { clock } from '../../platform';
import { requireUser } from '../../access';
import { auditContext } from '../../platform';
import type { RoutePlugin } from '../route-deps';
import { presentOpinion } from './service';

const idParams = z.object({ id: z.uuid({ error: 'Identificador no válido' }) });

/**
 * «Opiniones» (issue 38, item 3): the after-visit survey's ratings by month, doctor and service, the answers
 * with their comments, and a reply by e-mail — the desk all of them, a doctor those of her own visits.
 */
export const opinionsRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    api.opinionRatings,
    {
      config: { access: 'read:opinions' },
      schema: { querystring: opinionsQuerySchema, response: { 200: opinionRatingsSchema } },
    },
    async (request) => {
      const { timeZone } = await readClinicSettings(deps);
      const thisMonth = clock.today(timeZone).toPlainYearMonth();
      const first = thisMonth.subtract({ months: request.query.months - 1 });
      const ratings = await request.scope.opinions.ratings(first.toPlainDate({ day: 1 }).toString(), timeZone);
      return { fromMonth: first.toString(), ratings };
    },
  );

  app.get(
    api.opinions,
    {
      config: { access: 'read:opinions' },
      schema: { querystring: opinionCommentsQuerySchema, response: { 200: opinionListSchema } },
    },
    async (request) => {
      const { items, total } = await request.scope.opinions.list(request.query.page, OPINIONS_PAGE_SIZE);
      return { items: items.map(presentOpinion), total };
    },
  );

  app.post(
    api.opinionReply(':id'),
    {
      config: { access: 'reply:opinions' },
      schema: { params: idParams, body: opinionReplySchema, response: { 200: opinionSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return deps.opinions.reply(request.scope.opinions, request.params.id, request.body.message, {
        ...auditContext(request),
        actor: { id: user.id, role: user.role },
      });
    },
  );
};
