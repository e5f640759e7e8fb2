import { api } from '../../../../common/api-paths';
import type { ConsentTemplate, ConsentVersionDraft } from '../../../../common/schemas/consents';
import { apiFetch } from '../../../lib/api-client';
import { useConsentChange } from './use-consent-change';

/** Publishes the next version of a template (the published ones never change). */
export const publishConsentVersion = ({ id, input }: { id: string; input: ConsentVersionDraft }) =>
  apiFetch<ConsentTemplate>(api.consentTemplateVersions(id), { method: 'POST', body: input });

export const usePublishConsentVersion = () => useConsentChange(publishConsentVersion);
