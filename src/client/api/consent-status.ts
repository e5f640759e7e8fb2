import { consentApi } from '../../common/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentStatusItem } from '../../common/schemas/consent-signing';
import { apiFetch } from '../lib/api-client';
import { consentSigningKeys } from './consent-keys';

/** The consents of a day's appointments (the diary: one request per day) or of one appointment (the consultation). */
export const getConsentStatus = (scope: { date?: string; appointmentId?: string }, signal?: AbortSignal) =>
  apiFetch<ConsentStatusItem[]>(
    `${consentApi.consentStatus}?${scope.appointmentId ? `appointmentId=${scope.appointmentId}` : `date=${scope.date}`}`,
    { signal },
  );

export const getConsentStatusQueryOptions = (scope: { date?: string; appointmentId?: string }) =>
  queryOptions({
    queryKey: consentSigningKeys.status(scope),
    queryFn: ({ signal }) => getConsentStatus(scope, signal),
    refetchInterval: 60_000,
  });

export const useConsentStatus = (scope: { date?: string; appointmentId?: string }, enabled = true) =>
  useQuery({ ...getConsentStatusQueryOptions(scope), enabled });
