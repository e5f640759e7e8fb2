import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { VisitSummary } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { notesRootKey } from './keys';

/** The visit summaries the patient's doctors shared with them. */
export const getMyVisitSummaries = (signal?: AbortSignal) =>
  apiFetch<{ items: VisitSummary[] }>(api.myVisitSummaries, { signal });

export const getMyVisitSummariesQueryOptions = () =>
  queryOptions({ queryKey: [...notesRootKey, 'mine'], queryFn: ({ signal }) => getMyVisitSummaries(signal) });

export const useMyVisitSummaries = () => useQuery(getMyVisitSummariesQueryOptions());
