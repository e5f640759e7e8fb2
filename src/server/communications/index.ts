// The public face of communications: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as CommunicationsRepositories, CoreDeps as CommunicationsCoreDeps } from './deps';
export type { Services as CommunicationsServices } from './route-deps';
export { createCommunicationsRepositories } from './deps';
