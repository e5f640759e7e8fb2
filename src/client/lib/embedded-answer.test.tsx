import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_ANSWER_KEY, type EmbeddedAnswer } from '../../common/initial-state';
import { stubApi } from '../test/render';
import { ApiError } from './api-client';
import { useEmbeddedAnswer } from './embedded-answer';

afterEach(() => vi.unstubAllGlobals());

const API = '/api/public/payment-links/tok';
const KEY = ['payment-link', 'tok'];

/** A link page's query as the screens write it: the embedded answer first, then the query (no retry on mount). */
function useLinkRead(api = API) {
  useEmbeddedAnswer(KEY, api);
  return useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const response = await fetch(api);
      if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND', 'no');
      return (await response.json()) as unknown;
    },
    retry: false,
    retryOnMount: false,
  });
}

function withEmbedded(embedded: EmbeddedAnswer | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  if (embedded) client.setQueryData(EMBEDDED_ANSWER_KEY, embedded);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useEmbeddedAnswer', () => {
  it("gives the screen's query the data the server embedded: the first render has it, nothing is asked", async () => {
    const { calls } = stubApi(() => ({ status: 500 }));
    const { client, wrapper } = withEmbedded({ api: API, status: 200, body: { pendingCents: 3500 } });
    const { result } = renderHook(() => useLinkRead(), { wrapper });
    expect(result.current.data).toEqual({ pendingCents: 3500 });
    // Taken once: the page's cache no longer holds it.
    expect(client.getQueryData(EMBEDDED_ANSWER_KEY)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('gives it the refusal as the ApiError its fetcher would have thrown, and it is not asked again on mount', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: {} }));
    const { wrapper } = withEmbedded({
      api: API,
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Este enlace de pago no es válido o ha caducado.' } },
    });
    const { result } = renderHook(() => useLinkRead(), { wrapper });
    expect(result.current.isError).toBe(true);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Este enlace de pago no es válido o ha caducado.',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('leaves another read alone: the query asks the API as without it', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { pendingCents: 1 } }));
    const { client, wrapper } = withEmbedded({ api: '/api/public/payment-links/otro', status: 200, body: {} });
    const { result } = renderHook(() => useLinkRead(), { wrapper });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual({ pendingCents: 1 }));
    expect(calls.map((call) => call.url)).toEqual([API]);
    expect(client.getQueryData(EMBEDDED_ANSWER_KEY)).toBeDefined();
  });
});
