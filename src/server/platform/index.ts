// The public face of platform: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as PlatformRepositories, CoreDeps as PlatformCoreDeps } from './deps';
export type { Services as PlatformServices } from './route-deps';
export { createPlatformRepositories } from './deps';
export type { RoutePlugin as GenericRoutePlugin } from './route-deps';
