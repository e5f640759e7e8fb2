import type { MessageLiveEvent } from '../../../common/schemas/messages';
import type { MessageNotice } from '../../platform';

export type { MessageNotice };

/** What the browser receives: without the account id. */
export const publicNotice = ({ type, conversationId, change }: MessageNotice): MessageLiveEvent => ({
  type,
  conversationId,
  change,
});
