// The public face of forms: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as FormsRepositories, CoreDeps as FormsCoreDeps } from './deps';
export type { Services as FormsServices } from './route-deps';
export { createFormsRepositories } from './deps';
