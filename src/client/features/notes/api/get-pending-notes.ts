import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PendingNotes } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { notesRootKey } from './keys';

/** «Notas pendientes de firmar» of the signed-in doctor. */
export const getPendingNotes = (signal?: AbortSignal) => apiFetch<PendingNotes>(api.pendingNotes, { signal });

export const getPendingNotesQueryOptions = () =>
  queryOptions({ queryKey: [...notesRootKey, 'pending'], queryFn: ({ signal }) => getPendingNotes(signal) });

export const usePendingNotes = () => useQuery(getPendingNotesQueryOptions());
