import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { Doctor } from '../../../../common/schemas/doctors';
import { apiFetch } from '../../../lib/api-client';
import { appointmentLookupsKey } from './keys';

/** The clinic's active doctors with colour, weekly hours, absences and appointment length (admin). */
export const getStaffDoctors = (signal?: AbortSignal) => apiFetch<Doctor[]>(api.doctors, { signal });

export const getStaffDoctorsQueryOptions = () =>
  queryOptions({
    queryKey: [...appointmentLookupsKey, 'doctors'],
    queryFn: ({ signal }) => getStaffDoctors(signal),
    staleTime: 5 * 60_000,
  });

export const useStaffDoctors = () => useQuery(getStaffDoctorsQueryOptions());
