import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AppointmentDetail } from '../../../../common/schemas/appointments';
import { apiFetch } from '../../../lib/api-client';
import { appointmentsRootKey } from './keys';

/** One appointment with its history (who created and changed it, and when). */
export const getAppointment = (id: string, signal?: AbortSignal) =>
  apiFetch<AppointmentDetail>(api.appointment(id), { signal });

export const getAppointmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...appointmentsRootKey, 'detail', id],
    queryFn: ({ signal }) => getAppointment(id, signal),
  });

export const useAppointment = (id: string | null) =>
  useQuery({ ...getAppointmentQueryOptions(id ?? ''), enabled: Boolean(id) });
