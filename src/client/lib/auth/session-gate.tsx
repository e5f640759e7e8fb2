import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { SESSION_POLL_MS, sessionQueryOptions } from '../../api/session';
import { watchSession } from './session-sync';

/**
 * Mounted once around the app: holds the session query's poll (every minute, also in a background
 * tab), sets up what keeps it true (`watchSession`) and, as SPEC §2 asks, renders nothing until the
 * first sign-in state is known — at once when the server embedded the session in the page (the query
 * starts with it, see `app.tsx`).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    ...sessionQueryOptions(),
    refetchInterval: SESSION_POLL_MS,
    refetchIntervalInBackground: true,
  });
  useEffect(() => watchSession(queryClient), [queryClient]);
  if (session.isPending) return null;
  return children;
}
