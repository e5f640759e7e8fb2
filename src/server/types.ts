import type { DeclaredRoute } from './access/plugin';
import type { Access } from './access/policy';
import type { RequestUser } from './access/request-user';
import type { RequestScope } from './request-scope';

// The app's services are not decorations of the Fastify instance: `composition.ts` builds them and route
// plugins receive them as their options (`route-plugin.ts`). What Fastify carries is per request.
declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route with the access it declared (`access/plugin.ts`). */
    accessRoutes: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    user: RequestUser | null;
    /** What this request may reach, set by the access hook on every `/api` route. */
    scope: RequestScope;
  }
  interface FastifyContextConfig {
    /** Who may call the route: a permission of `access/policy.ts`, or 'public'. Required on `/api`. */
    access?: Access;
    /**
     * A change of how the account signs in: the access hook asks for a proof given in this session in the
     * last 5 minutes (`access/step-up.ts`), else 403 `STEP_UP_REQUIRED`.
     */
    stepUp?: boolean;
  }
}
