import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PublicWaitingJoinInput, WaitingEntry } from '../../../../common/schemas/waiting-list';
import { apiFetch } from '../../../lib/api-client';

/** Anyone joins from /agendar-cita (a signed-in paciente with their own record). */
export const joinPublicWaitingList = (input: PublicWaitingJoinInput) =>
  apiFetch<WaitingEntry>(api.publicWaitingList, { method: 'POST', body: input });

export const useJoinPublicWaitingList = () => useMutation({ mutationFn: joinPublicWaitingList });
