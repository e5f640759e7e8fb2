import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type {
  Patient,
  PATIENT_SORTS,
  PatientCreateInput,
  PatientList,
  PatientUpdateInput,
} from '../../common/schemas/patients';
import type { PatientAccount, PatientAccountLinkInput } from '../../common/schemas/record-link';
import { apiFetch, toQueryString } from '../lib/api-client';

/**
 * The list's query string: the admin's list, and every picker's search (`q`, `pageSize`). (The
 * contract's `PatientsQuery` is the schema's input, where `z.coerce` makes `page` and `pageSize`
 * `unknown`; the client sends numbers.)
 */
export interface PatientsQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: (typeof PATIENT_SORTS)[number];
  order?: 'asc' | 'desc';
}

/** Every patient query starts with `all`; every list and search with `lists()`. */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (query: PatientsQuery) => [...patientKeys.lists(), query] as const,
  detail: (id: string) => [...patientKeys.all, 'detail', id] as const,
  account: (id: string) => [...patientKeys.all, 'account', id] as const,
};

/** Admins get every patient; a doctor only those with an appointment with them. */
export const getPatients = (query: PatientsQuery, signal?: AbortSignal) =>
  apiFetch<PatientList>(`${api.patients}${toQueryString({ ...query })}`, { signal });

export const getPatientsQueryOptions = (query: PatientsQuery) =>
  queryOptions({
    queryKey: patientKeys.list(query),
    queryFn: ({ signal }) => getPatients(query, signal),
    // While the next page or search loads, the current rows stay on screen.
    placeholderData: keepPreviousData,
  });

export const usePatients = (query: PatientsQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPatientsQueryOptions(query), enabled });

/** 404 when the patient doesn't exist or the signed-in doctor has no appointment with them. */
export const getPatient = (id: string, signal?: AbortSignal) => apiFetch<Patient>(api.patient(id), { signal });

export const getPatientQueryOptions = (id: string) =>
  queryOptions({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => getPatient(id, signal) });

/** `null` waits (nothing chosen yet). */
export const usePatient = (id: string | null) =>
  useQuery({ ...getPatientQueryOptions(id ?? ''), enabled: Boolean(id) });

/** After a create or update: keep the record the server answered, and refresh the lists and searches. */
export function storePatient(queryClient: QueryClient, patient: Patient) {
  queryClient.setQueryData(patientKeys.detail(patient.id), patient);
  return queryClient.invalidateQueries({ queryKey: patientKeys.lists() });
}

/** 409 `DUPLICATE_DOCUMENT` (with `meta.existingId` and `meta.existingName`) when the document is taken. */
export const createPatient = (input: PatientCreateInput) =>
  apiFetch<Patient>(api.patients, { method: 'POST', body: input });

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPatient, onSuccess: (patient) => storePatient(queryClient, patient) });
}

/** Admins only. 409 `DUPLICATE_DOCUMENT` like the creation. */
export const updatePatient = ({ id, changes }: { id: string; changes: PatientUpdateInput }) =>
  apiFetch<Patient>(api.patient(id), { method: 'PATCH', body: changes });

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePatient, onSuccess: (patient) => storePatient(queryClient, patient) });
}

/** Admins only: the web account a record is linked to, if any. */
export const getPatientAccount = (id: string, signal?: AbortSignal) =>
  apiFetch<PatientAccount>(api.patientAccount(id), { signal });

export const getPatientAccountQueryOptions = (id: string) =>
  queryOptions({ queryKey: patientKeys.account(id), queryFn: ({ signal }) => getPatientAccount(id, signal) });

export const usePatientAccount = (id: string) => useQuery(getPatientAccountQueryOptions(id));

/** Links the record to the paciente account with that e-mail (404 no such account, 409 not a paciente or already linked). */
export const linkPatientAccount = ({ id, input }: { id: string; input: PatientAccountLinkInput }) =>
  apiFetch<Patient>(api.patientAccount(id), { method: 'PUT', body: input });

/** Unlinks it: the account sees nothing of the record until it proves the e-mail again or is linked again. */
export const unlinkPatientAccount = (id: string) => apiFetch<Patient>(api.patientAccount(id), { method: 'DELETE' });

/** The record and its account changed together: both are refreshed. */
const storeLink = (queryClient: QueryClient, patient: Patient) =>
  Promise.all([
    storePatient(queryClient, patient),
    queryClient.invalidateQueries({ queryKey: patientKeys.account(patient.id) }),
  ]);

export function useLinkPatientAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkPatientAccount, onSuccess: (patient) => storeLink(queryClient, patient) });
}

export function useUnlinkPatientAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkPatientAccount, onSuccess: (patient) => storeLink(queryClient, patient) });
}
