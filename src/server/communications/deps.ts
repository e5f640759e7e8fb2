import type { Db } from '../platform';
import type { IdentityRepositories, IdentityCoreDeps } from '../identity';
import type { ChannelMessaging } from './channels/service';
import { createChannelOutboxRepository } from './channels/repository';
import { createInboundMessagesRepository } from './channels/inbound-repository';
import { createChannelPreferencesRepository } from './channels/preferences-repository';
import { createTasksRepository } from './tasks/repository';
import { createMessagesRepository } from './messages/repository';
import { createShortLinksRepository } from './short-links/repository';

/** The communications context's own repositories. */
export function createCommunicationsRepositories(db: Db) {
  return {
    channelOutbox: createChannelOutboxRepository(db),
    inboundMessages: createInboundMessagesRepository(db),
    channelPreferences: createChannelPreferencesRepository(db),
    tasks: createTasksRepository(db),
    messages: createMessagesRepository(db),
    shortLinks: createShortLinksRepository(db),
  };
}

/** The repositories communications code may use: its own and those of the contexts below it. */
export type Repositories = IdentityRepositories & ReturnType<typeof createCommunicationsRepositories>;

/** What communications's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = IdentityCoreDeps<R> & {
  /** SMS and WhatsApp through the configured providers. */
  channels: ChannelMessaging;
};
