import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientDashboard } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';

/** The paciente's home: their next appointment. */
export const getPatientDashboard = (signal?: AbortSignal) =>
  apiFetch<PatientDashboard>(api.dashboard.patient, { signal });

export const getPatientDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'patient'], queryFn: ({ signal }) => getPatientDashboard(signal) });

export const usePatientDashboard = () => useQuery(getPatientDashboardQueryOptions());
