import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AUTH_MESSAGES } from '../../../common/messages';
import type { Account, Profile, ProfileUpdateInput, SessionState, SignUpInput } from '../../../common/schemas/auth';
import { ApiError, SESSION_LOST_EVENT } from '../api-client';
import { confirmResetPasswordRequest } from './api/confirm-reset-password';
import { getSession } from './api/get-session';
import { resetPasswordRequest } from './api/reset-password';
import { signInRequest } from './api/sign-in';
import { signOutRequest } from './api/sign-out';
import { signUpRequest } from './api/sign-up';
import { updateProfileRequest } from './api/update-profile';

export interface AuthResult {
  success: boolean;
  error?: string;
}

export interface AuthContextValue {
  user: Account | null;
  profile: Profile | null;
  /** True until the first sign-in state is known. */
  loading: boolean;
  signIn(email: string, password: string): Promise<AuthResult & { profile?: Profile }>;
  signUp(input: SignUpInput): Promise<AuthResult & { profile?: Profile }>;
  signOut(): Promise<AuthResult>;
  resetPassword(email: string): Promise<AuthResult>;
  confirmResetPassword(token: string, password: string): Promise<AuthResult & { profile?: Profile }>;
  updateProfile(changes: ProfileUpdateInput): Promise<AuthResult>;
  /** Asks the server again; the state follows what it says. */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const CHANNEL = 'clinica-auth';
const POLL_MS = 60_000;

/** The server's message when it is one the user may act on; otherwise the catalogue's fallback. */
function messageOf(error: unknown, shownCodes: string[], fallback: string): string {
  if (error instanceof ApiError && (shownCodes.includes(error.code) || error.code === 'VALIDATION' || error.code === 'RATE_LIMITED')) {
    return error.message;
  }
  return fallback;
}

/** `embeddedSession`: the session the server embedded in the page, when it did — then "loading" lasts no time at all. */
export function AuthProvider({ children, embeddedSession }: { children: ReactNode; embeddedSession?: SessionState }) {
  const queryClient = useQueryClient();
  const [embedded] = useState(embeddedSession);
  const [session, setSession] = useState<SessionState>(embedded ?? { user: null, profile: null });
  const [loading, setLoading] = useState(!embedded);
  const channel = useRef<BroadcastChannel | null>(null);
  const currentUserId = useRef<string | null>(embedded?.user?.id ?? null);

  const apply = useCallback(
    (next: SessionState) => {
      // A different person (or nobody) now: nothing cached for the previous one may be shown.
      if ((next.user?.id ?? null) !== currentUserId.current) queryClient.clear();
      currentUserId.current = next.user?.id ?? null;
      setSession(next);
    },
    [queryClient],
  );

  const announce = () => channel.current?.postMessage('changed');

  const refresh = useCallback(async () => {
    try {
      apply(await getSession());
    } catch (error) {
      // Offline or server down: keep the current state rather than signing the user out.
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return;
      apply({ user: null, profile: null });
    } finally {
      setLoading(false);
    }
  }, [apply]);

  useEffect(() => {
    if (!embedded) void refresh();
    channel.current = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel.current) channel.current.onmessage = () => void refresh();
    let lastCheck = Date.now();
    const checkIfStale = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < 5_000) return;
      lastCheck = Date.now();
      void refresh();
    };
    const onSessionLost = () => void refresh();
    const timer = window.setInterval(() => {
      lastCheck = Date.now();
      void refresh();
    }, POLL_MS);
    window.addEventListener('focus', checkIfStale);
    document.addEventListener('visibilitychange', checkIfStale);
    window.addEventListener(SESSION_LOST_EVENT, onSessionLost);
    return () => {
      channel.current?.close();
      window.clearInterval(timer);
      window.removeEventListener('focus', checkIfStale);
      document.removeEventListener('visibilitychange', checkIfStale);
      window.removeEventListener(SESSION_LOST_EVENT, onSessionLost);
    };
  }, [refresh, embedded]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      profile: session.profile,
      loading,
      refresh,
      async signIn(email, password) {
        try {
          const next = await signInRequest({ email, password });
          apply(next);
          announce();
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
          apply(next);
          announce();
          return { success: true, profile: next.profile ?? undefined };
        } catch (error) {
          return { success: false, error: messageOf(error, ['EMAIL_IN_USE'], AUTH_MESSAGES.signUpFailed) };
        }
      },
      async signOut() {
        try {
          await signOutRequest();
          apply({ user: null, profile: null });
          announce();
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
      async confirmResetPassword(token, password) {
        try {
          const next = await confirmResetPasswordRequest({ token, password });
          apply(next);
          announce();
          return { success: true, profile: next.profile ?? undefined };
        } catch (error) {
          return {
            success: false,
            error: messageOf(error, ['RESET_LINK_INVALID'], 'No se pudo cambiar la contraseña. Inténtalo de nuevo.'),
          };
        }
      },
      async updateProfile(changes) {
        if (!session.user) return { success: false, error: AUTH_MESSAGES.profileNoUser };
        try {
          const profile = await updateProfileRequest(changes);
          setSession((current) => ({
            user: current.user && {
              ...current.user,
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
    }),
    [session, loading, refresh, apply],
  );

  // SPEC §2: nothing is rendered until the first sign-in state is known.
  if (loading) return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and tools that need to provide a fixed auth state. */
export const AuthContextProvider = AuthContext.Provider;
