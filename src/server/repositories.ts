import type { Db } from './platform/db/client';
import { createPlatformRepositories } from './platform';
import { createIdentityRepositories } from './identity';
import { createCommunicationsRepositories } from './communications';
import { createBillingRepositories } from './billing';
import { createSchedulingRepositories } from './scheduling';
import { createClinicalRepositories } from './clinical';
import { createFormsRepositories } from './forms';
import type { Repositories } from './deps';

/** Every repository, built on one database, each context's own beside the others; routes reach SQL only through these. */
export function createRepositories(db: Db): Repositories {
  return {
    ...createPlatformRepositories(db),
    ...createIdentityRepositories(db),
    ...createCommunicationsRepositories(db),
    ...createBillingRepositories(db),
    ...createSchedulingRepositories(db),
    ...createClinicalRepositories(db),
    ...createFormsRepositories(db),
  };
}
export type { Repositories } from './deps';
