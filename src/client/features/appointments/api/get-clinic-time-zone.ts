import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { PublicClinic } from '../../../../common/schemas/clinic';
import { apiFetch } from '../../../lib/api-client';

/** The clinic's public data; the appointment screens need its time zone. Readable by every role. */
export const getClinic = (signal?: AbortSignal) => apiFetch<PublicClinic>(api.public.clinic, { signal });

export const getClinicQueryOptions = () =>
  queryOptions({
    // The same resource and key the area layout already loaded: usually no request at all.
    queryKey: ['public', 'clinic'],
    queryFn: ({ signal }) => getClinic(signal),
    staleTime: 5 * 60_000,
  });

/** The clinic's IANA time zone (e.g. «Europe/Madrid»), once known. */
export const useClinicTimeZone = () => useQuery({ ...getClinicQueryOptions(), select: (clinic) => clinic.timeZone });
