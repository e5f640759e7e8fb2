// The public face of communications: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as CommunicationsRepositories, CoreDeps as CommunicationsCoreDeps } from './deps';
export type { Services as CommunicationsServices } from './route-deps';
export { createCommunicationsRepositories } from './deps';
export { bookingChannelChoice, recordBookingChannel } from './channels/booking-choice';
export { chooseChannel, offeredChannels } from './channels/choice';
export type { ChannelMessaging } from './channels/service';
export type { InboundMessage, InboundReplies } from './channels/inbound';
export {
  paymentLinkSms,
  reminderSms,
  reminderTemplateParams,
  reminderWhatsAppBody,
  surveySms,
  type ReminderText,
  visitDate,
} from './channels/texts';
export { ProviderError, toE164 } from './providers/provider';
export { smsShape, toGsm7 } from './providers/gsm7';
export { appointmentNoticePrefix, createDeskNotices } from './tasks/desk-notices';
export { shortLinkFor } from './short-links/use-cases';
