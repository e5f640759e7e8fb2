import { useQuery } from '@tanstack/react-query';
import { consentApi } from '../../../../common/api-paths';
import type { ConsentRequestItem } from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from '../../../api/consent-keys';

/** The consents asked of a patient, the latest visit first (the desk's and the doctor's chart). */
export const getPatientConsents = (patientId: string, signal?: AbortSignal) =>
  apiFetch<ConsentRequestItem[]>(consentApi.patientConsents(patientId), { signal });

export const usePatientConsents = (patientId: string) =>
  useQuery({
    queryKey: consentSigningKeys.ofPatient(patientId),
    queryFn: ({ signal }) => getPatientConsents(patientId, signal),
  });
