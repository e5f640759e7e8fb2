import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Specialty } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';

export const getSpecialties = (signal?: AbortSignal) => apiFetch<Specialty[]>(api.specialties, { signal });

export const getSpecialtiesQueryOptions = () =>
  queryOptions({ queryKey: ['specialties'], queryFn: ({ signal }) => getSpecialties(signal) });

export const useSpecialties = () => useQuery(getSpecialtiesQueryOptions());
