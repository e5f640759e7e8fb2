import type { PhoneChannel } from '../../../common/schemas/channels';
import type { MessagingConfig } from '../../platform';
import type { MessageProvider } from './provider';
import { twilioProvider } from './twilio';
import { whatsAppProvider } from './whatsapp';

export type Providers = Partial<Record<PhoneChannel, MessageProvider>>;

/** The adapters of the configured providers; a channel without one is off. */
export function providersFromConfig(config: MessagingConfig | undefined): Providers {
  return {
    ...(config?.sms ? { sms: twilioProvider(config.sms) } : {}),
    ...(config?.whatsapp ? { whatsapp: whatsAppProvider(config.whatsapp) } : {}),
  };
}
