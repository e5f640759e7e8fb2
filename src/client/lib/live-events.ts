import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../common/api-paths';
import type { LiveEvent } from '../../common/schemas/appointments';

/**
 * Listens to the server's live events (Server-Sent Events on /api/events). The browser reconnects
 * by itself when the connection drops; `onEvent` runs for every change, `onResync` when the server may
 * have missed some (its database connection was lost and is back) and the screen should refetch.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, enabled = true, onResync?: () => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const resync = useRef(onResync);
  resync.current = onResync;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.events, { withCredentials: true });
    source.addEventListener('resync', () => resync.current?.());
    source.addEventListener('appointment', (message) => {
      try {
        handler.current(JSON.parse((message as MessageEvent<string>).data) as LiveEvent);
      } catch {
        // A malformed event is ignored; the next one refreshes the view anyway.
      }
    });
    return () => source.close();
  }, [enabled]);
}

/** Refetches the queries under `queryKey` whenever the server announces a change. */
export function useLiveRefresh(queryKey: QueryKey, enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  useLiveEvents(refresh, enabled, refresh);
}

/**
 * Refetches the queries under `queryKey` when a conversation changes (a new message, a read mark, an
 * assignment). The server sends a paciente only her own conversation's events.
 */
export function useLiveMessages(queryKey: QueryKey, enabled = true) {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.events, { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key.current });
    source.addEventListener('message', refresh);
    source.addEventListener('resync', refresh);
    return () => source.close();
  }, [enabled, queryClient]);
}
