import type { FormsServices, FormsCoreDeps } from './forms';
import type { GenericRoutePlugin } from './platform';

/** What the composition gives every route plugin: all the services (each context's plugins take their part). */
export type RouteDeps = FormsCoreDeps & FormsServices;

/** A route plugin that may use everything: the composition's own (API reference, …). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
