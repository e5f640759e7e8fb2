import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AUTH_MESSAGES } from '../../../common/auth-messages';
import type {
  Account,
  FactorRemovals,
  Profile,
  ProfileUpdateInput,
  SessionState,
  SignUpInput,
} from '../../../common/schemas/auth';
import type { SecondFactorChallenge } from '../../../common/schemas/second-factor';
import {
  confirmResetPasswordRequest,
  resetPasswordRequest,
  SIGNED_OUT,
  sessionKeys,
  sessionQueryOptions,
  signInRequest,
  signOutRequest,
  signUpRequest,
  updateProfileRequest,
} from '../../api/session';
import { ApiError } from '../api-client';
import { announceSessionChange, refreshSession } from './session-sync';

export interface AuthResult {
  success: boolean;
  error?: string;
}

/** A right password whose account still has to prove (or set up) a second factor: no session yet. */
export interface PasswordResult extends AuthResult {
  profile?: Profile;
  secondFactor?: SecondFactorChallenge;
}

export interface SessionView {
  user: Account | null;
  profile: Profile | null;
  /** True until the first sign-in state is known (outside `SessionGate`, which waits for it). */
  loading: boolean;
}

export interface AuthActions {
  signIn(email: string, password: string): Promise<PasswordResult>;
  signUp(input: SignUpInput): Promise<AuthResult & { profile?: Profile }>;
  signOut(): Promise<AuthResult>;
  resetPassword(email: string): Promise<AuthResult>;
  confirmResetPassword(token: string, password: string, remove?: FactorRemovals): Promise<PasswordResult>;
  /** A session the second step of a sign-in started: the state follows it, and the other tabs too. */
  acceptSession(next: SessionState): void;
  updateProfile(changes: ProfileUpdateInput): Promise<AuthResult>;
  /** Asks the server again; the state follows what it says. */
  refresh(): Promise<void>;
}

export type AuthContextValue = SessionView & AuthActions;

/** Who is signed in, read from the session query (shared by every reader; see `api/session.ts`). */
export function useSession(): SessionView {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { user: data?.user ?? null, profile: data?.profile ?? null, loading: isPending };
}

/** The server's message when it is one the user may act on; otherwise the catalogue's fallback. */
function messageOf(error: unknown, shownCodes: string[], fallback: string): string {
  if (
    error instanceof ApiError &&
    (shownCodes.includes(error.code) || error.code === 'VALIDATION' || error.code === 'RATE_LIMITED')
  ) {
    return error.message;
  }
  return fallback;
}

/** This tab's new session (or none): the query holds it and the other tabs hear of it. */
function applySession(queryClient: QueryClient, next: SessionState) {
  queryClient.setQueryData<SessionState>(sessionKeys.all, { user: next.user, profile: next.profile });
  announceSessionChange(queryClient);
}

function authActions(queryClient: QueryClient): AuthActions {
  const current = () => queryClient.getQueryData<SessionState>(sessionKeys.all) ?? SIGNED_OUT;
  return {
    refresh: async () => void (await refreshSession(queryClient)),
    acceptSession: (next) => applySession(queryClient, next),
    async signIn(email, password) {
      try {
        const next = await signInRequest({ email, password });
        if (next.secondFactor) return { success: true, secondFactor: next.secondFactor };
        applySession(queryClient, { user: next.user ?? null, profile: next.profile ?? null });
        return { success: true, profile: next.profile ?? undefined };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'PROFILE_LOAD_FAILED') {
          // Raised as in the original, then reported as a generic failure.
          console.error(new Error(AUTH_MESSAGES.profileLoadFailed));
          return { success: false, error: AUTH_MESSAGES.signInFailed };
        }
        return {
          success: false,
          error: messageOf(
            error,
            ['USER_NOT_FOUND', 'WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS', 'ACCOUNT_DISABLED'],
            AUTH_MESSAGES.signInFailed,
          ),
        };
      }
    },
    async signUp(input) {
      try {
        const next = await signUpRequest(input);
        applySession(queryClient, next);
        return { success: true, profile: next.profile ?? undefined };
      } catch (error) {
        return { success: false, error: messageOf(error, ['EMAIL_IN_USE'], AUTH_MESSAGES.signUpFailed) };
      }
    },
    async signOut() {
      try {
        await signOutRequest();
        applySession(queryClient, SIGNED_OUT);
        return { success: true };
      } catch {
        return { success: false, error: AUTH_MESSAGES.signOutFailed };
      }
    },
    async resetPassword(email) {
      try {
        await resetPasswordRequest(email);
        return { success: true };
      } catch (error) {
        return { success: false, error: messageOf(error, ['RESET_USER_NOT_FOUND'], AUTH_MESSAGES.resetFailed) };
      }
    },
    async confirmResetPassword(token, password, remove) {
      try {
        const next = await confirmResetPasswordRequest({ token, password, remove });
        if (next.secondFactor) return { success: true, secondFactor: next.secondFactor };
        applySession(queryClient, { user: next.user ?? null, profile: next.profile ?? null });
        return { success: true, profile: next.profile ?? undefined };
      } catch (error) {
        return {
          success: false,
          error: messageOf(error, ['RESET_LINK_INVALID'], 'No se pudo cambiar la contraseña. Inténtalo de nuevo.'),
        };
      }
    },
    async updateProfile(changes) {
      if (!current().user) return { success: false, error: AUTH_MESSAGES.profileNoUser };
      try {
        const profile = await updateProfileRequest(changes);
        queryClient.setQueryData<SessionState>(sessionKeys.all, (session = SIGNED_OUT) => ({
          user: session.user && {
            ...session.user,
            ...(changes.displayName ? { displayName: changes.displayName } : {}),
            ...(changes.photoURL ? { photoURL: changes.photoURL } : {}),
          },
          profile,
        }));
        return { success: true };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_AUTHENTICATED') {
          return { success: false, error: AUTH_MESSAGES.profileNoUser };
        }
        return { success: false, error: messageOf(error, [], AUTH_MESSAGES.profileUpdateFailed) };
      }
    },
  };
}

/** The session and what changes it: sign-in, sign-up, sign-out, password reset, profile. */
export function useAuth(): AuthContextValue {
  const session = useSession();
  const queryClient = useQueryClient();
  const actions = useMemo(() => authActions(queryClient), [queryClient]);
  return { ...session, ...actions };
}
