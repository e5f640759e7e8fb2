import type { GenericRoutePlugin } from '../platform';
import type { SchedulingServices } from '../scheduling';
import type { CoreDeps } from './deps';

/** The services clinical routes may use: its own and those of the contexts below it. */
export type Services = SchedulingServices;

/** What clinical's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of clinical (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
