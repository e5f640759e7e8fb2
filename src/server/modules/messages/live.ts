import type { MessageLiveEvent } from '../../../common/schemas/messages';
import type { Visibility } from '../../access/visibility';

/** A message event as published between instances: it names the patient account, to filter on. */
export type MessageNotice = MessageLiveEvent & { patientAccountId: string | null };

/** Staff see every conversation's events; a paciente only her own; nobody else any. */
export function seesConversationOf(visibility: Visibility, notice: MessageNotice): boolean {
  if (visibility.kind === 'all') return true;
  return visibility.kind === 'patient' && notice.patientAccountId !== null && visibility.accountId === notice.patientAccountId;
}

/** What the browser receives: without the account id. */
export const publicNotice = ({ type, conversationId, change }: MessageNotice): MessageLiveEvent => ({ type, conversationId, change });
