import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { GoLiveSmsTestInput, GoLiveTestResult, GoLiveView } from '../../../../common/schemas/go-live';
import { apiFetch } from '../../../lib/api-client';

export const goLiveKeys = { all: ['go-live'] as const };

/** GET api.goLive: every check of «Puesta en marcha», computed by the server from its configuration. */
export const getGoLive = (signal?: AbortSignal) => apiFetch<GoLiveView>(api.goLive, { signal });

export const goLiveQueryOptions = () =>
  queryOptions({ queryKey: goLiveKeys.all, queryFn: ({ signal }) => getGoLive(signal) });

export const useGoLive = () => useQuery(goLiveQueryOptions());

/** A sent test changes the checks it proves: they are read again. */
function useTestMutation<Input>(send: (input: Input) => Promise<GoLiveTestResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: goLiveKeys.all }),
  });
}

/** POST api.goLiveEmailTest: a test e-mail to the signed-in admin. */
export const useSendTestEmail = () =>
  useTestMutation(() => apiFetch<GoLiveTestResult>(api.goLiveEmailTest, { method: 'POST', body: {} }));

/** POST api.goLiveSmsTest: a test SMS to the number the admin types. */
export const useSendTestSms = () =>
  useTestMutation((input: GoLiveSmsTestInput) =>
    apiFetch<GoLiveTestResult>(api.goLiveSmsTest, { method: 'POST', body: input }),
  );
