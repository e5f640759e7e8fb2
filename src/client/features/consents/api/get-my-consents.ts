import { consentApi } from '../../../../common/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentRequestItem } from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from '../../../api/consent-keys';

/** The paciente's own consents, the latest visit first. */
export const getMyConsents = (signal?: AbortSignal) =>
  apiFetch<ConsentRequestItem[]>(consentApi.myConsents, { signal });

export const getMyConsentsQueryOptions = () =>
  queryOptions({ queryKey: consentSigningKeys.mine(), queryFn: ({ signal }) => getMyConsents(signal) });

export const useMyConsents = () => useQuery(getMyConsentsQueryOptions());

/** The PDF of a request's latest act (signature, refusal or revocation). */
export const consentPdfHref = (requestId: string) => consentApi.requestPdf(requestId);
