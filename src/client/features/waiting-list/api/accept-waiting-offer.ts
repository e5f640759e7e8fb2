import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { WaitingOffer } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';

/**
 * Books the offer's slot. A POST sent by the page's script, never the e-mail's GET: mail scanners open
 * links to check them, and that must not book anyone's appointment.
 */
export const acceptWaitingOffer = (token: string) =>
  apiFetch<WaitingOffer>(api.acceptWaitingOffer(token), { method: 'POST' });

export const useAcceptWaitingOffer = () => useMutation({ mutationFn: acceptWaitingOffer });
