import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { PatientChannelView } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';
import { channelKeys } from './keys';

/** GET api.patientChannel: a patient's preferred channel and consent, as the desk sees them on her record. */
export const getPatientChannel = (patientId: string, signal?: AbortSignal) =>
  apiFetch<PatientChannelView>(api.patientChannel(patientId), { signal });

export const patientChannelQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: channelKeys.patient(patientId),
    queryFn: ({ signal }) => getPatientChannel(patientId, signal),
  });

export const usePatientChannel = (patientId: string) => useQuery(patientChannelQueryOptions(patientId));
