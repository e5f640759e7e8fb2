// The public face of clinical: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as ClinicalRepositories, CoreDeps as ClinicalCoreDeps } from './deps';
export type { Services as ClinicalServices } from './route-deps';
export { createClinicalRepositories } from './deps';
export { databaseFileStore } from './files/store';
