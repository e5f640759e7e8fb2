import { WHATSAPP_SESSION_HOURS, type ReplyChannels } from '../../../common/schemas/messages';
import type { PhoneChannel } from '../../../common/schemas/channels';
import { AppError, clock, plus, type Tx } from '../../platform';
import { toGsm7 } from '../providers/gsm7';
import { toE164 } from '../providers/provider';
import type { CoreDeps } from '../deps';

type Deps = Pick<CoreDeps, 'repos' | 'channels'>;

/**
 * WhatsApp's session window (docs/decisions/0128): free text reaches a patient only within 24 hours of her last
 * message to the clinic; outside it only an approved template does. Null when she never wrote.
 */
export const whatsAppWindowEnd = (lastInboundAt: Date | undefined) =>
  lastInboundAt ? plus(lastInboundAt, { hours: WHATSAPP_SESSION_HOURS }) : null;

/**
 * How the desk may answer her by phone, and where to: by SMS to the number she last wrote from (or, if she never
 * did, the mobile of her record when she consented to messages there); by WhatsApp to the number she last wrote
 * from, only while its window is open. Each needs its provider configured.
 */
export async function replyChannelsOf(deps: Deps, patientId: string): Promise<ReplyChannels> {
  const providers = deps.channels.providersOn();
  const [patient, lastSms, lastWhatsApp] = await Promise.all([
    deps.repos.patients.findById(patientId),
    deps.repos.inboundMessages.latestOf(patientId, 'sms'),
    deps.repos.inboundMessages.latestOf(patientId, 'whatsapp'),
  ]);
  const smsTo =
    (lastSms && toE164(lastSms.fromNumber)) ?? (patient?.phoneConsent ? toE164(patient.phone) : null) ?? null;
  const whatsAppTo = lastWhatsApp ? toE164(lastWhatsApp.fromNumber) : null;
  const windowEnd = whatsAppWindowEnd(lastWhatsApp?.receivedAt);
  const open = windowEnd !== null && windowEnd.getTime() > clock.nowMs();
  return {
    sms: { available: Boolean(providers.sms && smsTo), to: smsTo },
    whatsapp: {
      available: Boolean(providers.whatsapp && whatsAppTo && open),
      to: whatsAppTo,
      openUntil: open ? windowEnd.toISOString() : null,
    },
  };
}

/**
 * Where the desk's reply by SMS or WhatsApp goes (read before the transaction that writes it). Refused, with the
 * reason, when the channel cannot carry it: no provider or number, or for WhatsApp a window that has closed (we
 * refuse rather than send a template: the clinic's approved templates are reminders, not answers —
 * docs/decisions/0128).
 */
export async function deskReplyTarget(deps: Deps, patientId: string, channel: PhoneChannel): Promise<string> {
  const target = (await replyChannelsOf(deps, patientId))[channel];
  if (channel === 'whatsapp' && deps.channels.providersOn().whatsapp && target.to && !target.available) {
    throw new AppError(409, 'WHATSAPP_WINDOW_CLOSED');
  }
  if (!target.available || !target.to) throw new AppError(409, 'NO_PHONE_CHANNEL');
  return target.to;
}

/** Writes the desk's reply to the outbox in `tx` (the transaction that stores it in the chat); answers the row. */
export const enqueueDeskReply = (
  deps: Deps,
  input: { channel: PhoneChannel; to: string; body: string },
  tx: Tx,
): Promise<string> =>
  deps.channels.enqueue(
    {
      kind: 'desk-reply',
      channel: input.channel,
      appointmentId: null,
      toNumber: input.to,
      body: input.channel === 'sms' ? toGsm7(input.body) : input.body,
      templateParams: [],
      fallbackEmail: null,
    },
    tx,
  );
