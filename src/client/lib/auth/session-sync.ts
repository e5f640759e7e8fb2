import type { QueryClient } from '@tanstack/react-query';
import type { SessionState } from '../../../common/schemas/auth';
import { SESSION_FRESH_MS, sessionKeys } from '../../api/session';
import { SESSION_LOST_EVENT } from '../api-client';
import { forgetSessionEnd } from './session-end';

/** The tabs of this browser tell each other that the session changed (each then asks the server). */
export const SESSION_CHANNEL = 'clinica-session';

const channels = new WeakMap<QueryClient, BroadcastChannel>();

const userIdOf = (session: SessionState | undefined) => session?.user?.id ?? null;
const isSession = (key: readonly unknown[]) => key[0] === sessionKeys.all[0];

/** Asks the server again; a check already under way is joined, not restarted. */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.refetchQueries({ queryKey: sessionKeys.all }, { cancelRefetch: false });

/** This tab signed in or out: the other tabs follow. */
export function announceSessionChange(queryClient: QueryClient) {
  channels.get(queryClient)?.postMessage('changed');
}

/**
 * Everything that keeps the session query true, set up once for the app (`SessionGate`): another tab's
 * announcement, a request that found the session gone (401, or the server's idle end), and the window's
 * `focus` (TanStack Query itself listens to `visibilitychange` only). When the person changes (or
 * nobody is signed in any more) nothing cached for the previous one stays; signed in, why the last
 * session ended is old news. Returns the clean-up.
 */
export function watchSession(queryClient: QueryClient): () => void {
  let currentUserId = userIdOf(queryClient.getQueryData<SessionState>(sessionKeys.all));
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSession(event.query.queryKey)) return;
    const next = event.query.state.data as SessionState | undefined;
    const nextUserId = userIdOf(next);
    if (nextUserId !== currentUserId) {
      queryClient.removeQueries({ predicate: (query) => !isSession(query.queryKey) });
      queryClient.getMutationCache().clear();
    }
    if (nextUserId) forgetSessionEnd();
    currentUserId = nextUserId;
  });

  const refresh = () => void refreshSession(queryClient);
  const onFocus = () => {
    const query = queryClient.getQueryCache().find({ queryKey: sessionKeys.all, exact: true });
    if (!query || query.isStaleByTime(SESSION_FRESH_MS)) refresh();
  };
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  if (channel) {
    channel.onmessage = refresh;
    channels.set(queryClient, channel);
  }
  window.addEventListener('focus', onFocus);
  window.addEventListener(SESSION_LOST_EVENT, refresh);
  return () => {
    unsubscribe();
    if (channel) {
      channel.close();
      if (channels.get(queryClient) === channel) channels.delete(queryClient);
    }
    window.removeEventListener('focus', onFocus);
    window.removeEventListener(SESSION_LOST_EVENT, refresh);
  };
}
