import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { EMBEDDED_ANSWER_KEY, type EmbeddedAnswer } from '../../common/initial-state';
import type { ApiErrorBody } from '../../common/messages';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-client';
import { now } from './clock';

/**
 * Gives a screen's query (`queryKey`) the answer the server embedded in the page for its read (`api`), before the
 * query first runs: the data, or the refusal as the `ApiError` its fetcher would have thrown («Enlace no válido»).
 * So the screen's first render in the browser is the one the server drew, and the read is not made again. The
 * query takes a refusal as it stands (`retryOnMount: false` on it), as it would have after asking. Taken once.
 */
export function useEmbeddedAnswer(queryKey: QueryKey, api: string): void {
  const client = useQueryClient();
  const embedded = client.getQueryData<EmbeddedAnswer>(EMBEDDED_ANSWER_KEY);
  if (embedded?.api !== api) return;
  client.removeQueries({ queryKey: EMBEDDED_ANSWER_KEY, exact: true });
  const cache = client.getQueryCache();
  if (cache.find({ queryKey, exact: true })) return;
  if (embedded.status < 300) {
    client.setQueryData(queryKey, embedded.body);
    return;
  }
  const refusal = (embedded.body as ApiErrorBody | undefined)?.error;
  const error = new ApiError(
    embedded.status,
    refusal?.code ?? 'INTERNAL',
    refusal?.message ?? UNEXPECTED_ERROR_MESSAGE,
    refusal?.fields,
    refusal?.meta,
    embedded.body,
  );
  cache.build(
    client,
    { queryKey },
    {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: now(),
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    },
  );
}
