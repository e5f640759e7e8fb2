import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { EndedSessions } from '../../../../common/schemas/sessions';
import { apiFetch } from '../../../lib/api-client';

/** DELETE api.userSessions: an admin ends every session of a user (how many ended). */
export const endUserSessions = (id: string) => apiFetch<EndedSessions>(api.userSessions(id), { method: 'DELETE' });

export const useEndUserSessions = () => useMutation({ mutationFn: endUserSessions });
