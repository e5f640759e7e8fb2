import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { LiveEvents } from './events/live-events';
import type { Outbox } from './outbox/service';
import type { ChannelMessaging } from './channels/service';
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
