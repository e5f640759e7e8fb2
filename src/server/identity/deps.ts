import type { Db } from '../platform';
import type { PlatformRepositories, PlatformCoreDeps } from '../platform';
import { createAuthRepository } from './auth/repository';
import { createSessionsRepository } from './sessions/repository';
import { createPatientsRepository } from './patients/repository';
import { createImagesRepository } from './images/repository';
import { createRecordLinkRepository } from './patients/record-link-repository';
import { createUsersRepository } from './users/repository';
import { createSecondFactorRepository } from './second-factor/repository';
import { createInitialSetupRepository } from './initial-setup/repository';

/** The identity context's own repositories. */
export function createIdentityRepositories(db: Db) {
  return {
    auth: createAuthRepository(db),
    sessions: createSessionsRepository(db),
    patients: createPatientsRepository(db),
    images: createImagesRepository(db),
    recordLinks: createRecordLinkRepository(db),
    users: createUsersRepository(db),
    secondFactor: createSecondFactorRepository(db),
    initialSetup: createInitialSetupRepository(db),
  };
}

/** The repositories identity code may use: its own and those of the contexts below it. */
export type Repositories = PlatformRepositories & ReturnType<typeof createIdentityRepositories>;

/** What identity's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = PlatformCoreDeps<R>;
