import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PublicClinic } from '../../../../common/schemas/clinic';
import { apiFetch } from '../../../lib/api-client';

export const getPublicClinic = (signal?: AbortSignal) => apiFetch<PublicClinic>(api.public.clinic, { signal });

export const getPublicClinicQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'clinic'], queryFn: ({ signal }) => getPublicClinic(signal), staleTime: 5 * 60_000 });

export const useClinic = () => useQuery(getPublicClinicQueryOptions());
