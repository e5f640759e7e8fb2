import { queryOptions } from '@tanstack/react-query';
import { authApi, profileApi } from '../../common/paths';
import type {
  FactorRemovals,
  Profile,
  ProfileUpdateInput,
  SessionState,
  SignInInput,
  SignUpInput,
} from '../../common/schemas/auth';
import type { SignInResult } from '../../common/schemas/second-factor';
import { ApiError, apiFetch } from '../lib/api-client';

/** The session's one key: every reader of the sign-in state shares this query. */
export const sessionKeys = { all: ['session'] as const };

export const SIGNED_OUT: SessionState = { user: null, profile: null };

/** How long a known session is trusted before focusing the window asks the server again. */
export const SESSION_FRESH_MS = 5_000;
/** How often an open app asks anyway (also in the background: a tab left open notices the end). */
export const SESSION_POLL_MS = 60_000;

export const getSession = (signal?: AbortSignal) => apiFetch<SessionState>(authApi.session, { signal });

/**
 * A refusal (4xx: the session is gone) is the signed-out state; a network failure or a server error
 * throws, and the query keeps what it knew rather than signing the user out.
 */
async function readSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    return await getSession(signal);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return SIGNED_OUT;
    throw error;
  }
}

/**
 * The sign-in state as a query. No refetch when one more screen mounts (every screen reads it); on
 * window focus when older than five seconds; never retried (the next check comes soon enough). The
 * poll every minute is set by the one observer of `SessionGate`, so it runs once, not per reader.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => readSession(signal),
    staleTime: SESSION_FRESH_MS,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    retry: false,
  });

export const signInRequest = (input: SignInInput) =>
  apiFetch<SignInResult>(authApi.signIn, { method: 'POST', body: input });

export const signUpRequest = (input: SignUpInput) =>
  apiFetch<SessionState>(authApi.signUp, { method: 'POST', body: input });

export const signOutRequest = () => apiFetch<void>(authApi.signOut, { method: 'POST' });

export const resetPasswordRequest = (email: string) =>
  apiFetch<{ sent: true }>(authApi.resetPassword, { method: 'POST', body: { email } });

export const confirmResetPasswordRequest = (input: { token: string; password: string; remove?: FactorRemovals }) =>
  apiFetch<SignInResult>(authApi.confirmResetPassword, { method: 'POST', body: input });

export const updateProfileRequest = (input: ProfileUpdateInput) =>
  apiFetch<Profile>(profileApi, { method: 'PATCH', body: input });
