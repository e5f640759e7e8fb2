// The public face of identity: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as IdentityRepositories, CoreDeps as IdentityCoreDeps } from './deps';
export type { Services as IdentityServices } from './route-deps';
export { createIdentityRepositories } from './deps';
export type { StaffLifecycle } from './users/staff-lifecycle';
