import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { Database, Db } from './platform/db/client';
import type { Mailer } from './platform/mail/mailer';
import type { LiveEvents } from './platform/events/live-events';
import type { Outbox } from './platform/outbox/service';
import type { ChannelMessaging } from './communications/channels/service';
import type { Repositories } from './repositories';

/**
 * What the services are built from. The composition root (`composition.ts`) builds each of these once;
 * a service's factory takes the part it uses (`Pick<CoreDeps, …>`), never the Fastify instance.
 */
export interface CoreDeps {
  config: Config;
  /** The connection: `db` for queries and transactions, `listen` for the workers. */
  database: Database;
  db: Db;
  repos: Repositories;
  mailer: Mailer;
  outbox: Outbox;
  /** SMS and WhatsApp through the configured providers (issue 24, item 3). */
  channels: ChannelMessaging;
  events: LiveEvents;
  log: FastifyBaseLogger;
}
