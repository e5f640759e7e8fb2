import { consentApi } from '../../common/api-paths';
import { useMutation } from '@tanstack/react-query';
import type { ConsentLink } from '../../common/schemas/consent-signing';
import { apiFetch } from '../lib/api-client';

/** A fresh link to sign or revoke (short-lived): the desk's QR code, or the paciente's «Firmar». */
export const createConsentLink = (requestId: string) =>
  apiFetch<ConsentLink>(consentApi.requestLink(requestId), { method: 'POST' });

export const useCreateConsentLink = () => useMutation({ mutationFn: createConsentLink });
