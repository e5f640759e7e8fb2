import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { ConsentSigningView } from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from './signing-keys';

/** The consent a link is for (404 unknown, 410 expired, with a Spanish message). */
export const getConsentByLink = (token: string, signal?: AbortSignal) =>
  apiFetch<ConsentSigningView>(api.consentByToken(token), { signal });

export const getConsentByLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: consentSigningKeys.link(token),
    queryFn: ({ signal }) => getConsentByLink(token, signal),
    retry: false,
  });

export const useConsentByLink = (token: string) => useQuery(getConsentByLinkQueryOptions(token));

export const consentLinkPdfHref = (token: string) => api.consentByToken(token, 'pdf');
