import type { MessageChannel, PhoneChannel } from '../../../common/schemas/channels';
import { toE164 } from '../providers/provider';

export interface Recipient {
  email: string;
  phone: string;
  preferredChannel: MessageChannel;
  phoneConsent: boolean;
}

export type Choice = { channel: 'email'; to: string } | { channel: PhoneChannel; to: string };

/**
 * The channel a message to a patient goes by: her preferred channel when the clinic offers it, else the
 * clinic's channels in its order; a phone channel only with a provider configured, her recorded consent and a
 * mobile number; e-mail when none of those can (or the clinic lists only phone channels). Null: no way to
 * write to her (the desk calls, as before).
 */
export function chooseChannel(
  clinicOrder: readonly MessageChannel[],
  providers: Readonly<Record<PhoneChannel, boolean>>,
  recipient: Recipient,
): Choice | null {
  const number = toE164(recipient.phone);
  const candidates = [
    ...(clinicOrder.includes(recipient.preferredChannel) ? [recipient.preferredChannel] : []),
    ...clinicOrder,
    'email' as const,
  ];
  for (const channel of candidates) {
    if (channel === 'email') {
      if (recipient.email) return { channel, to: recipient.email };
    } else if (providers[channel] && recipient.phoneConsent && number) {
      return { channel, to: number };
    }
  }
  return null;
}

/**
 * The channels a patient may choose as her preferred one: the clinic's, in its order, a phone channel only when
 * its provider is configured; e-mail when that leaves none (it is what she gets anyway).
 */
export function offeredChannels(
  clinicOrder: readonly MessageChannel[],
  providers: Readonly<Record<PhoneChannel, boolean>>,
): MessageChannel[] {
  const usable = clinicOrder.filter((channel) => channel === 'email' || providers[channel]);
  return usable.length > 0 ? usable : ['email'];
}
