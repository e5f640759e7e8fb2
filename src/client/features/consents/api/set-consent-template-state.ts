import { api } from '../../../../common/api-paths';
import type { ConsentState, ConsentTemplate } from '../../../../common/schemas/consents';
import { apiFetch } from '../../../lib/api-client';
import { useConsentChange } from './use-consent-change';

/** Archives a template (it is offered no more) or brings it back. */
export const setConsentTemplateState = ({ id, state }: { id: string; state: ConsentState }) =>
  apiFetch<ConsentTemplate>(api.consentTemplateState(id), { method: 'PUT', body: { state } });

export const useSetConsentTemplateState = () => useConsentChange(setConsentTemplateState);
