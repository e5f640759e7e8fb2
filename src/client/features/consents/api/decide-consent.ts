import { consentApi } from '../../../../common/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentActInput,
  ConsentDecisionInput,
  ConsentSigningView,
} from '../../../../common/schemas/consent-signing';
import { apiFetch } from '../../../lib/api-client';
import { consentSigningKeys } from '../../../api/consent-keys';

/** Signs or refuses through the link (409 once decided); the answer is the view after it. */
export const decideConsent = ({ token, input }: { token: string; input: ConsentDecisionInput }) =>
  apiFetch<ConsentSigningView>(consentApi.decision(token), { method: 'POST', body: input });

/** Revokes a signature through a revocation link. */
export const revokeConsent = ({ token, input }: { token: string; input: ConsentActInput }) =>
  apiFetch<ConsentSigningView>(consentApi.revocation(token), { method: 'POST', body: input });

function useStoreView() {
  const queryClient = useQueryClient();
  return async (view: ConsentSigningView, token: string) => {
    queryClient.setQueryData(consentSigningKeys.link(token), view);
    await queryClient.invalidateQueries({ queryKey: consentSigningKeys.mine() });
  };
}

export function useDecideConsent() {
  const store = useStoreView();
  return useMutation({ mutationFn: decideConsent, onSuccess: (view, { token }) => store(view, token) });
}

export function useRevokeConsent() {
  const store = useStoreView();
  return useMutation({ mutationFn: revokeConsent, onSuccess: (view, { token }) => store(view, token) });
}
