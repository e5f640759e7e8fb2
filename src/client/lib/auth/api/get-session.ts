import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { SessionState } from '../../../../common/schemas/auth';
import { apiFetch } from '../../api-client';

export const getSession = (signal?: AbortSignal) => apiFetch<SessionState>(api.auth.session, { signal });

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'session'], queryFn: ({ signal }) => getSession(signal), staleTime: 30_000 });
