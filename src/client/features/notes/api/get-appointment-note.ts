import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { AppointmentNote } from '../../../../common/schemas/clinical-notes';
import { apiFetch } from '../../../lib/api-client';
import { appointmentNoteKey } from './keys';

/** The appointment's consultation note (`note: null` while nobody has written one). */
export const getAppointmentNote = (appointmentId: string, signal?: AbortSignal) =>
  apiFetch<AppointmentNote>(api.appointmentNote(appointmentId), { signal });

export const getAppointmentNoteQueryOptions = (appointmentId: string) =>
  queryOptions({
    queryKey: appointmentNoteKey(appointmentId),
    queryFn: ({ signal }) => getAppointmentNote(appointmentId, signal),
  });

export const useAppointmentNote = (appointmentId: string) => useQuery(getAppointmentNoteQueryOptions(appointmentId));
