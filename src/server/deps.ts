// The whole of what the services are built from, for the composition root, the seeds and the tests: the top
// context's cumulative types (each context's `deps.ts` narrows them to itself and the contexts below it).
export type { FormsRepositories as Repositories, FormsCoreDeps as CoreDeps } from './forms';
