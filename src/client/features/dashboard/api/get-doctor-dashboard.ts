import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { DoctorDashboard } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

export const getDoctorDashboard = (signal?: AbortSignal) => apiFetch<DoctorDashboard>(api.dashboard.doctor, { signal });

export const getDoctorDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'doctor'],
    queryFn: ({ signal }) => getDoctorDashboard(signal),
    refetchInterval: 60_000,
  });

export const useDoctorDashboard = () => useQuery(getDoctorDashboardQueryOptions());
