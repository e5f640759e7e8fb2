import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CoreDeps } from './deps';

/** The services platform routes may use; each context adds its own (`<context>/route-deps.ts`). */
export interface Services {
  /** Staff sessions end after the clinic's idle time: always in the server, only where tests ask for it. */
  idleLock: boolean;
}

/** What platform's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/**
 * A route module: `<context>/<module>/routes.ts` exports `<module>Routes`, `<part>-routes.ts` exports
 * `<module><Part>Routes` (camelCase), and `routes.ts` lists every one (`routes.test.ts` checks both). Its options are
 * the services of its context and those below, built once (`composition.ts`).
 */
export type RoutePlugin<D extends FastifyPluginOptions = RouteDeps> = FastifyPluginAsyncZod<D>;
