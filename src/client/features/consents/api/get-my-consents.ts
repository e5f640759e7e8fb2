import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { ConsentRequestItem } from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from './signing-keys';

/** The paciente's own consents, the latest visit first. */
export const getMyConsents = (signal?: AbortSignal) => apiFetch<ConsentRequestItem[]>(api.myConsents, { signal });

export const getMyConsentsQueryOptions = () =>
  queryOptions({ queryKey: consentSigningKeys.mine(), queryFn: ({ signal }) => getMyConsents(signal) });

export const useMyConsents = () => useQuery(getMyConsentsQueryOptions());

/** The PDF of a request's latest act (signature, refusal or revocation). */
export const consentPdfHref = (requestId: string) => api.consentRequest(requestId, 'pdf');
