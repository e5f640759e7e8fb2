import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ConsentTemplateSummary } from '../../../../common/schemas/consents';
import { apiFetch } from '../../../lib/api-client';

/** One key for every consent template: a publication or an archive refreshes the list and the open template. */
export const consentKeys = {
  all: ['consent-templates'] as const,
  one: (id: string) => [...consentKeys.all, id] as const,
};

export const getConsentTemplates = (signal?: AbortSignal) =>
  apiFetch<ConsentTemplateSummary[]>(api.consentTemplates, { signal });

export const getConsentTemplatesQueryOptions = () =>
  queryOptions({ queryKey: consentKeys.all, queryFn: ({ signal }) => getConsentTemplates(signal) });

export const useConsentTemplates = () => useQuery(getConsentTemplatesQueryOptions());
