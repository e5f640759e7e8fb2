import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AdminDashboard } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

export const getAdminDashboard = (signal?: AbortSignal) => apiFetch<AdminDashboard>(api.dashboard.admin, { signal });

export const getAdminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'admin'],
    queryFn: ({ signal }) => getAdminDashboard(signal),
    refetchInterval: 60_000,
  });

export const useAdminDashboard = () => useQuery(getAdminDashboardQueryOptions());
