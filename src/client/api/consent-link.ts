import { consentApi } from '../../common/consent-paths';
import { useMutation } from '@tanstack/react-query';
import type { ConsentLink } from '../../common/schemas/consent-signing';
import { apiFetch } from '../lib/api-client';

/** A fresh link to sign or revoke (short-lived): the desk's QR code, or the paciente's «Firmar». */
export const createConsentLink = (requestId: string) =>
  apiFetch<ConsentLink>(consentApi.consentRequest(requestId, 'link'), { method: 'POST' });

export const useCreateConsentLink = () => useMutation({ mutationFn: createConsentLink });
