import { api } from '../../../../common/api-paths';
import type { ConsentTemplate, ConsentVersionDraft } from '../../../../common/schemas/consents';
import { apiFetch } from '../../../lib/api-client';
import { useConsentChange } from './use-consent-change';

/** A new template, published at once as its version 1. */
export const createConsentTemplate = (input: ConsentVersionDraft) =>
  apiFetch<ConsentTemplate>(api.consentTemplates, { method: 'POST', body: input });

export const useCreateConsentTemplate = () => useConsentChange(createConsentTemplate);
