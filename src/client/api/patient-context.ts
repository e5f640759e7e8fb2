import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { PatientContext } from '../../common/schemas/patient-context';
import { apiFetch } from '../lib/api-client';

/**
 * «Contexto del paciente»: allergies, age, active treatments, current medication and last signed notes —
 * shown beside the consultation, and what the prescription form checks each medicine against.
 */
export const patientContextKeys = {
  all: ['patient-context'] as const,
  of: (patientId: string) => [...patientContextKeys.all, patientId] as const,
};

export const getPatientContext = (patientId: string, signal?: AbortSignal) =>
  apiFetch<PatientContext>(api.patientContext(patientId), { signal });

export const getPatientContextQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: patientContextKeys.of(patientId),
    queryFn: ({ signal }) => getPatientContext(patientId, signal),
  });

/** `null` waits (no patient chosen yet). */
export const usePatientContext = (patientId: string | null) =>
  useQuery({ ...getPatientContextQueryOptions(patientId ?? ''), enabled: Boolean(patientId) });
