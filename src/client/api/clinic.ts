import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../common/paths';
import type { PublicClinic } from '../../common/schemas/clinic';
import { apiFetch } from '../lib/api-client';

/** The clinic's public data: name, contact, hours, time zone (the server embeds it in the page, see `app.tsx`). */
export const clinicKeys = { public: ['public', 'clinic'] as const };

export const getPublicClinic = (signal?: AbortSignal) => apiFetch<PublicClinic>(publicApi.clinic, { signal });

export const getPublicClinicQueryOptions = () =>
  queryOptions({
    queryKey: clinicKeys.public,
    queryFn: ({ signal }) => getPublicClinic(signal),
    staleTime: 5 * 60_000,
  });

export const useClinic = () => useQuery(getPublicClinicQueryOptions());

/** The clinic's IANA time zone (e.g. «Europe/Madrid»), once known: what the appointment screens need. */
export const useClinicTimeZone = () =>
  useQuery({ ...getPublicClinicQueryOptions(), select: (clinic) => clinic.timeZone });
