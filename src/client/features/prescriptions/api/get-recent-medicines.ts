import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Medicine } from '../../../../common/schemas/prescriptions';
import { apiFetch } from '../../../lib/api-client';
import { prescriptionsRootKey } from './keys';

/** The doctor's last distinct medicines, each with the posology last written for it. */
export const getRecentMedicines = (signal?: AbortSignal) => apiFetch<Medicine[]>(api.recentMedicines, { signal });

export const getRecentMedicinesQueryOptions = () =>
  queryOptions({
    queryKey: [...prescriptionsRootKey, 'recent-medicines'],
    queryFn: ({ signal }) => getRecentMedicines(signal),
  });

export const useRecentMedicines = () => useQuery(getRecentMedicinesQueryOptions());
