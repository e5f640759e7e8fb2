import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { MyDoctorCard } from '../../../../common/schemas/my-doctor-card';
import { apiFetch } from '../../../lib/api-client';

/** GET api.myDoctorCard: the signed-in doctor's own professional card, hours and upcoming absences. */
export const getMyDoctorCard = (signal?: AbortSignal) => apiFetch<MyDoctorCard>(api.myDoctorCard, { signal });

export const getMyDoctorCardQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'doctor'], queryFn: ({ signal }) => getMyDoctorCard(signal) });

export const useMyDoctorCard = () => useQuery(getMyDoctorCardQueryOptions());
