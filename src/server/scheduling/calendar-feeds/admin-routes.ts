import { z } from 'zod';
import type { RoutePlugin } from '../route-deps';
import { api } from '../../../common/api-paths';
import { auditContext } from '../../platform';
import { revokeFeedOf } from './use-cases';

const USER_NOT_FOUND = 'Usuario no encontrado';
const idParams = z.object({ id: z.uuid({ error: USER_NOT_FOUND }) });
const admin = { access: 'manage:users' } as const;

/** An admin revokes a user's calendar feed from «Usuarios» (the feed is scheduling's; the account, identity's). */
export const calendarFeedsAdminRoutes: RoutePlugin = async (app, deps) => {
  app.delete(
    api.userCalendarFeed(':id'),
    { config: admin, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { id } = request.params;
      await revokeFeedOf(deps, id, {
        ...auditContext(request),
        action: 'delete',
        entity: 'calendar_feed',
        entityId: id,
        details: { revokedBy: 'admin' },
      });
      return reply.status(204).send(null);
    },
  );
};
