import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { providersFromConfig, type Providers } from '../providers/providers';
import type { MessagingConfig } from '../../platform';
import type { PhoneChannel } from '../../../common/schemas/channels';
import type { DeliveryPolicy } from '../../platform';
import type { ChannelOutboxRepository } from './repository';
import { createChannelDelivery } from './delivery';
import type { NewChannelMessage } from './repository';

/**
 * SMS and WhatsApp: `enqueue` writes a message in the caller's transaction (like the e-mail outbox), the
 * delivery worker (`platform/outbox/mail-delivery-job.ts`, woken by the same NOTIFY) sends it through the configured provider.
 */
export function createChannelMessaging(deps: {
  db: Db;
  repos: { channelOutbox: ChannelOutboxRepository };
  messaging?: MessagingConfig;
  log: FastifyBaseLogger;
  /** Tests give adapters pointed at the local fake providers; by default those of the configuration. */
  providers?: Providers;
  policy?: DeliveryPolicy;
}) {
  const providers = deps.providers ?? providersFromConfig(deps.messaging);
  const repo = deps.repos.channelOutbox;
  const delivery = createChannelDelivery({ db: deps.db, repo, providers, log: deps.log, policy: deps.policy });
  return {
    /** Which phone channels have a provider (the others are off, and the settings screen says so). */
    providersOn(): Record<PhoneChannel, boolean> {
      return { sms: Boolean(providers.sms), whatsapp: Boolean(providers.whatsapp) };
    },
    enqueue(message: Omit<NewChannelMessage, 'createdAt'>, tx: Tx): Promise<string> {
      return repo.insert({ ...message, createdAt: clock.now() }, tx);
    },
    /**
     * «Puesta en marcha»'s test SMS: straight to the provider, not through the outbox, so that the admin reads the
     * provider's answer on the spot. Throws the provider's `ProviderError`, or answers null with no SMS provider.
     */
    async sendTestSms(to: string, body: string): Promise<{ providerMessageId: string } | null> {
      if (!providers.sms) return null;
      return providers.sms.send({ kind: 'go-live-test', to, body, templateParams: [] });
    },
    deliverDue: delivery.deliverDue,
    close: delivery.close,
  };
}

export type ChannelMessaging = ReturnType<typeof createChannelMessaging>;
