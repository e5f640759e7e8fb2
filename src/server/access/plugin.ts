import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { grantOf, isAccess, type Access } from './policy';
import { createRequestScope } from './scope';

/** An `/api` route and the access it declared (every one of them: the access matrix test reads this). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's validation schemas (zod), as declared: the fuzz tests read their fields. */
  schema?: RouteOptions['schema'];
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * One access policy for the whole API. Every `/api` route must declare `config: { access }` — a
 * permission of `policy.ts` or `public` — or registering it throws and the app does not start, so a
 * new route cannot forget it. One hook, added to each of those routes, answers 401 to a visitor and
 * 403 to a role without the permission, and gives the request its `scope`: the patients and
 * appointments this user may see.
 */
export default fp(async function accessPlugin(app: FastifyInstance) {
  const routes: DeclaredRoute[] = [];
  app.decorate('accessRoutes', routes as readonly DeclaredRoute[]);
  app.decorateRequest('scope', null as unknown as FastifyRequest['scope']);

  const checkAccess: onRequestHookHandler = async function checkAccess(request) {
    const access = request.routeOptions.config.access;
    if (access === 'public') {
      request.scope = createRequestScope(app.repos, request.user, null);
      return;
    }
    if (!request.user) throw new AppError(401, 'NOT_AUTHENTICATED');
    const grant = access ? grantOf(request.user.role, access) : null;
    if (!grant) throw new AppError(403, 'FORBIDDEN');
    request.scope = createRequestScope(app.repos, request.user, grant);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApi(route.url)) return;
    const access: unknown = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(
        `${route.method} ${route.url}: every /api route declares config.access (a permission of src/server/access/policy.ts, or 'public'); got ${JSON.stringify(access)}`,
      );
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access, schema: route.schema });
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [checkAccess, ...own];
  });
});
