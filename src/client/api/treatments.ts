import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { Treatment, TreatmentCreate, TreatmentStatus, TreatmentUpdate } from '../../common/schemas/treatments';
import { apiFetch, toQueryString } from '../lib/api-client';

export interface TreatmentsQuery {
  patientId?: string;
  status?: TreatmentStatus;
}

/** Every treatment query starts with `all`: a change to any treatment or link refreshes them all (the prescription form's choice too). */
export const treatmentKeys = {
  all: ['treatments'] as const,
  list: (query: TreatmentsQuery) => [...treatmentKeys.all, 'list', query] as const,
};

/** The treatments the user may see (a doctor's own, a patient's own), with sessions and prescriptions. */
export const getTreatments = (query: TreatmentsQuery, signal?: AbortSignal) =>
  apiFetch<Treatment[]>(`${api.treatments}${toQueryString({ ...query })}`, { signal });

export const getTreatmentsQueryOptions = (query: TreatmentsQuery) =>
  queryOptions({ queryKey: treatmentKeys.list(query), queryFn: ({ signal }) => getTreatments(query, signal) });

export const useTreatments = (query: TreatmentsQuery, enabled = true) =>
  useQuery({ ...getTreatmentsQueryOptions(query), enabled });

export const createTreatment = (input: TreatmentCreate) =>
  apiFetch<Treatment>(api.treatments, { method: 'POST', body: input });

/** Edits fields or changes the status (activo, finalizado, suspendido). */
export const updateTreatment = ({ id, changes }: { id: string; changes: TreatmentUpdate }) =>
  apiFetch<Treatment>(api.treatment(id), { method: 'PATCH', body: changes });

/** Makes an appointment a session of one of the doctor's treatments of that patient, or of none (null). */
export const linkAppointmentTreatment = ({
  appointmentId,
  treatmentId,
}: {
  appointmentId: string;
  treatmentId: string | null;
}) =>
  apiFetch<{ appointmentId: string; treatmentId: string | null }>(api.appointmentTreatment(appointmentId), {
    method: 'PUT',
    body: { treatmentId },
  });

export function useCreateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTreatment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all }),
  });
}

export function useUpdateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all }),
  });
}

export function useLinkAppointmentTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkAppointmentTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all }),
  });
}
