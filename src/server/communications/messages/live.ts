import type { MessageLiveEvent } from '../../../common/schemas/messages';

/** A message event as published between instances: it names the patient account, to filter on. */
export type MessageNotice = MessageLiveEvent & { patientAccountId: string | null };

/** What the browser receives: without the account id. */
export const publicNotice = ({ type, conversationId, change }: MessageNotice): MessageLiveEvent => ({
  type,
  conversationId,
  change,
});
