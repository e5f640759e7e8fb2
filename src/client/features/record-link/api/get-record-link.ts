import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordLinkApi } from '../../../../common/paths';
import type { RecordLinkStatus } from '../../../../common/schemas/record-link';
import { apiFetch } from '../../../lib/api-client';

/** Whether the clinic's record reaches the signed-in paciente, or waits for them to confirm their e-mail. */
export const getRecordLink = (signal?: AbortSignal) => apiFetch<RecordLinkStatus>(recordLinkApi, { signal });

export const getRecordLinkQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'record-link'], queryFn: ({ signal }) => getRecordLink(signal) });

export const useRecordLink = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getRecordLinkQueryOptions(), enabled: options.enabled ?? true });
