import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { LiveEvents } from './events/live-events';
import type { Outbox } from './outbox/service';
import { createBackupRunsRepository } from './backup/runs-repository';
import { createClinicRepository } from './settings/clinic-repository';
import { createAuditRepository } from './audit/repository';
import { createEventsRepository } from './events/repository';
import { createRateLimitsRepository } from './rate-limits/repository';
import { createOutboxRepository } from './outbox/repository';

/** The platform's repositories; each context adds its own on top (`<context>/deps.ts`). */
export function createPlatformRepositories(db: Db) {
  return {
    backupRuns: createBackupRunsRepository(db),
    clinic: createClinicRepository(db),
    audit: createAuditRepository(db),
    events: createEventsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    outbox: createOutboxRepository(db),
  };
}

/** The repositories platform code may use. */
export type Repositories = ReturnType<typeof createPlatformRepositories>;

/**
 * What the services are built from. The composition root (`composition.ts`) builds each of these once; a
 * service's factory takes the part it uses (`Pick<CoreDeps, …>`), never the Fastify instance. Each context's
 * `deps.ts` narrows `repos` to the repositories of its own and the contexts below it.
 */
export interface CoreDeps<R extends Repositories = Repositories> {
  config: Config;
  /** The connection: `db` for queries and transactions, `listen` for the workers. */
  database: Database;
  db: Db;
  repos: R;
  mailer: Mailer;
  outbox: Outbox;
  events: LiveEvents;
  log: FastifyBaseLogger;
}
