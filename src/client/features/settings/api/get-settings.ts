import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ClinicSettingsResponse } from '../../../../common/schemas/settings';
import { apiFetch } from '../../../lib/api-client';

export const getSettings = (signal?: AbortSignal) => apiFetch<ClinicSettingsResponse>(api.settings, { signal });

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal), staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(getSettingsQueryOptions());
