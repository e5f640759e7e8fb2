import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ConsentTemplate } from '../../../../common/schemas/consents';
import { apiFetch } from '../../../lib/api-client';
import { consentKeys } from './get-consent-templates';

export const getConsentTemplate = (id: string, signal?: AbortSignal) =>
  apiFetch<ConsentTemplate>(api.consentTemplate(id), { signal });

export const getConsentTemplateQueryOptions = (id: string) =>
  queryOptions({ queryKey: consentKeys.one(id), queryFn: ({ signal }) => getConsentTemplate(id, signal) });

/** A template with every version it has published, the latest first. */
export const useConsentTemplate = (id: string) => useQuery(getConsentTemplateQueryOptions(id));
