import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyAppointments } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { availabilityKeys } from '../../../api/availability';
import { getPatientDashboardQueryOptions } from './get-patient-dashboard';

/** The signed-in paciente's own appointments, upcoming and past. */
export const getMyAppointments = (signal?: AbortSignal) => apiFetch<MyAppointments>(api.myAppointments, { signal });

export const getMyAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'appointments'], queryFn: ({ signal }) => getMyAppointments(signal) });

export const useMyAppointments = () => useQuery(getMyAppointmentsQueryOptions());

/** What a paciente's booking, change or cancellation makes stale: this list, their home and the free slots. */
export const refreshMyAppointments = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getMyAppointmentsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getPatientDashboardQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  ]);
