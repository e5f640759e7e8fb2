import { consentApi } from '../../../../common/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentSigningView } from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from '../../../api/consent-keys';

/** The consent a link is for (404 unknown, 410 expired, with a Spanish message). */
export const getConsentByLink = (token: string, signal?: AbortSignal) =>
  apiFetch<ConsentSigningView>(consentApi.byLink(token), { signal });

export const getConsentByLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: consentSigningKeys.link(token),
    queryFn: ({ signal }) => getConsentByLink(token, signal),
    retry: false,
  });

export const useConsentByLink = (token: string) => useQuery(getConsentByLinkQueryOptions(token));

export const consentLinkPdfHref = (token: string) => consentApi.linkPdf(token);
