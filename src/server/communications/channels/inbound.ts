import { MESSAGE_MAX_LENGTH } from '../../../common/schemas/messages';
import type { PhoneChannel } from '../../../common/schemas/channels';
import { toE164 } from '../providers/provider';

/** A message a patient sent to the clinic's number, as its provider's webhook told it (signature verified). */
export interface InboundMessage {
  channel: PhoneChannel;
  /** Twilio's MessageSid or WhatsApp's wamid: providers repeat a webhook, this records it once. */
  providerMessageId: string;
  /** The sender in E.164 when it is a number (a short code or a name stays as sent). */
  from: string;
  /** What she wrote (a button's title when she tapped one), at most `MESSAGE_MAX_LENGTH` characters. */
  text: string;
  /** The provider's id of our message she answered, when the provider says (WhatsApp's `context.id`). */
  replyTo: string | null;
}

/**
 * What becomes of a patient's reply: matched to her record and appointment, a rule applied («SI», «NO», «CAMBIAR»)
 * or left in the desk's inbox. Declared here, where the webhooks are; the rules need the appointments, so the
 * composition root gives scheduling's implementation (`scheduling/replies/service.ts`).
 */
export interface InboundReplies {
  /** Handles one message once: a repeated provider id changes nothing. */
  receive(message: InboundMessage): Promise<void>;
}

/** The sender as E.164 when it is a phone number («+34…», «34…» as WhatsApp writes it), else as sent. */
export function senderNumber(raw: string): string {
  const plain = raw.replace(/^whatsapp:/, '').trim();
  if (/^\d{8,15}$/.test(plain)) return `+${plain}`;
  return toE164(plain) ?? plain.slice(0, 40);
}

export const clipped = (text: string) => text.slice(0, MESSAGE_MAX_LENGTH);

/**
 * Twilio's incoming-message webhook (form-encoded: MessageSid, From, To, Body, NumMedia, …): the message, or null
 * when the parameters name no message (no MessageSid or no From).
 */
export function twilioIncomingMessage(params: Record<string, string>): InboundMessage | null {
  const id = params.MessageSid ?? params.SmsMessageSid ?? params.SmsSid;
  const from = params.From;
  if (!id || !from) return null;
  const media = Number(params.NumMedia ?? '0');
  const body = (params.Body ?? '').trim();
  return {
    channel: 'sms',
    providerMessageId: id.slice(0, 200),
    from: senderNumber(from),
    text: clipped(body || (media > 0 ? '[Mensaje con una imagen o un archivo adjunto]' : '')),
    replyTo: null,
  };
}

/** An empty TwiML answer: Twilio sends nothing back (our acknowledgment goes through the outbox). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
