import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** A new invitation link for an account whose password is still to be chosen (202). */
export const resendInvitation = (id: string) => apiFetch<{ sent: boolean }>(api.userInvitation(id), { method: 'POST' });

export const useResendInvitation = () => useMutation({ mutationFn: resendInvitation });
