import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform';
import { sessionEndOf } from './session-end';
import { grantOf, isAccess, type Access } from './policy';
import type { RequestUser } from './request-user';
import type { Grant } from './policy';
import { stepUpUntil } from './step-up';
import { clock } from '../platform';

/** A declared route and the access it declared (every one of them: the access matrix test reads this). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** Whether it changes how the account signs in (a recent proof of the session is required). */
  stepUp: boolean;
  /** The route's validation schemas (zod), as declared: the fuzz tests read their fields. */
  schema?: RouteOptions['schema'];
}

/**
 * The routes that declare their access: the API's, and the short links of SMS and WhatsApp messages (`/r/<code>`,
 * answered by the server, not the app: decision 0127). The app's pages and files are not concerned.
 */
const declaresAccess = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/r/');

/** Where `registerWithAccess` leaves the access of a plugin's routes: on its encapsulated instance. */
const kPluginAccess = Symbol('clinica.pluginAccess');
type WithPluginAccess = FastifyInstance & { [kPluginAccess]?: Access };

/**
 * Registers a plugin we do not write (the API reference page of `@fastify/swagger-ui`), whose routes
 * cannot carry `config.access`: each of them gets `access`, and goes through the same hook, the matrix
 * and the fuzzing as any other. A route that declares its own access keeps it.
 */
export async function registerWithAccess<Options extends object>(
  app: FastifyInstance,
  access: Access,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
) {
  await app.register(async (scope: WithPluginAccess) => {
    scope[kPluginAccess] = access;
    await scope.register(plugin as FastifyPluginAsync<Options>, options);
  });
}

/**
 * One access policy for the whole API. Every `/api` route must declare `config: { access }` — a
 * permission of `policy.ts` or `public` — or registering it throws and the app does not start, so a
 * new route cannot forget it. One hook, added to each of those routes, answers 401 to a visitor and
 * 403 to a role without the permission, and gives the request its `scope`: the patients and
 * appointments this user may see.
 */
const SESSION_END_CODES = {
  idle: 'SESSION_IDLE',
  'second-factor': 'SECOND_FACTOR_SETUP_REQUIRED',
  none: 'NOT_AUTHENTICATED',
} as const;

export default fp(async function accessPlugin(
  app: FastifyInstance,
  options: { scopeOf: (user: RequestUser | null, grant: Grant | null) => FastifyRequest['scope'] },
) {
  const routes: DeclaredRoute[] = [];
  app.decorate('accessRoutes', routes as readonly DeclaredRoute[]);
  app.decorateRequest('scope', null as unknown as FastifyRequest['scope']);

  const checkAccess: onRequestHookHandler = async function checkAccess(request) {
    const access = request.routeOptions.config.access;
    if (access === 'public') {
      request.scope = options.scopeOf(request.user, null);
      return;
    }
    // A session that just ended says why (the desk locked itself; the clinic now requires a second factor the
    // account lacks), any other absence is «not signed in».
    if (!request.user) throw new AppError(401, SESSION_END_CODES[sessionEndOf(request) ?? 'none']);
    const grant = access ? grantOf(request.user.role, access) : null;
    if (!grant) throw new AppError(403, 'FORBIDDEN');
    // A stolen cookie alone must not change how the account signs in: a recent proof of this session is asked.
    if (request.routeOptions.config.stepUp && !stepUpUntil(request.user, clock.nowMs())) {
      throw new AppError(403, 'STEP_UP_REQUIRED');
    }
    request.scope = options.scopeOf(request.user, grant);
  };

  app.addHook('onRoute', function declareAccess(this: WithPluginAccess, route: RouteOptions) {
    if (!declaresAccess(route.url)) return;
    // `this` is the instance the route is registered on: inside `registerWithAccess`, it carries the access.
    const access: unknown = route.config?.access ?? this[kPluginAccess];
    if (!isAccess(access)) {
      throw new Error(
        `${route.method} ${route.url}: every /api route declares config.access (a permission of src/server/access/policy.ts, or 'public'); got ${JSON.stringify(access)}`,
      );
    }
    route.config = { ...route.config, access };
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access, stepUp: route.config?.stepUp === true, schema: route.schema });
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [checkAccess, ...own];
  });
});
