import type { Db } from './db/client';
import { createAuthRepository } from './modules/auth/repository';
import { createClinicRepository } from './modules/clinic/repository';

/** Every repository, built on one database; routes reach SQL only through these. */
export function createRepositories(db: Db) {
  return {
    auth: createAuthRepository(db),
    clinic: createClinicRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
