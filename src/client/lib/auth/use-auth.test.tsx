import '../../test/mantine-polyfills';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, ERROR_CODES } from '../../../common/messages';
import { stubApi } from '../../test/render';
import { SessionGate } from './session-gate';
import { useAuth } from './use-auth';

const profile = {
  id: 'u1',
  email: 'ana@prueba.test',
  role: 'paciente',
  displayName: 'Ana',
  photoURL: '',
  phone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const user = { id: 'u1', email: 'ana@prueba.test', displayName: 'Ana', photoURL: '' };
const error = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

function renderAuth(signedIn = false) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <SessionGate>{children}</SessionGate>
    </QueryClientProvider>
  );
  return { signedIn, ...renderHook(() => useAuth(), { wrapper }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the session actions speak the error catalogue', () => {
  it.each([
    ['sign-in, user not found', 404, 'USER_NOT_FOUND', AUTH_MESSAGES.signInUserNotFound],
    ['sign-in, wrong password', 401, 'WRONG_PASSWORD', AUTH_MESSAGES.signInWrongPassword],
    ['sign-in, any other failure', 500, 'INTERNAL', AUTH_MESSAGES.signInFailed],
    ['sign-in, profile cannot be loaded (reported as generic)', 503, 'PROFILE_LOAD_FAILED', AUTH_MESSAGES.signInFailed],
  ])('%s → «%s»', async (_case, status, code, expected) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server answers the catalogue's own text for these codes, and anything for others.
    const serverText = code in ERROR_CODES ? ERROR_CODES[code as keyof typeof ERROR_CODES] : 'Internal Server Error';
    stubApi(({ url }) =>
      url.endsWith('/session') ? { status: 200, body: { user: null, profile: null } } : error(status, code, serverText),
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toBeTruthy());
    let outcome: Awaited<ReturnType<typeof result.current.signIn>> | undefined;
    await act(async () => {
      outcome = await result.current.signIn('ana@prueba.test', 'una-clave-larga');
    });
    expect(outcome).toEqual({ success: false, error: expected });
    if (code === 'PROFILE_LOAD_FAILED') {
      // Raised as in the original, with its own text.
      expect(consoleError).toHaveBeenCalledWith(new Error(AUTH_MESSAGES.profileLoadFailed));
    }
  });

  it('sign-up: e-mail in use shows the server text, any other failure the catalogue one', async () => {
    stubApi(({ url, body }) =>
      url.endsWith('/session')
        ? { status: 200, body: { user: null, profile: null } }
        : (body as { email: string }).email === 'usado@prueba.test'
          ? error(409, 'EMAIL_IN_USE', AUTH_MESSAGES.signUpEmailInUse)
          : { status: 500, body: 'nada' },
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toBeTruthy());
    const input = { password: 'una-clave-larga', displayName: 'Ana' };
    expect(await result.current.signUp({ ...input, email: 'usado@prueba.test' })).toEqual({
      success: false,
      error: AUTH_MESSAGES.signUpEmailInUse,
    });
    expect(await result.current.signUp({ ...input, email: 'otra@prueba.test' })).toEqual({
      success: false,
      error: AUTH_MESSAGES.signUpFailed,
    });
  });

  it('password reset: unknown e-mail and any other failure', async () => {
    stubApi(({ url, body }) =>
      url.endsWith('/session')
        ? { status: 200, body: { user: null, profile: null } }
        : (body as { email: string }).email === 'nadie@prueba.test'
          ? error(404, 'RESET_USER_NOT_FOUND', AUTH_MESSAGES.resetUserNotFound)
          : error(503, 'RESET_FAILED', 'lo que sea'),
    );
    const { result } = renderAuth();
    await waitFor(() => expect(result.current).toBeTruthy());
    expect(await result.current.resetPassword('nadie@prueba.test')).toEqual({
      success: false,
      error: AUTH_MESSAGES.resetUserNotFound,
    });
    expect(await result.current.resetPassword('ana@prueba.test')).toEqual({
      success: false,
      error: AUTH_MESSAGES.resetFailed,
    });
  });

  it('profile update: no user, and other failure; sign-out failure', async () => {
    let signedIn = false;
    stubApi(({ url, method }) => {
      if (url.endsWith('/session'))
        return { status: 200, body: signedIn ? { user, profile } : { user: null, profile: null } };
      if (method === 'PATCH') return { status: 500, body: {} };
      if (url.endsWith('/sign-out')) return { status: 503, body: {} };
      return { status: 404, body: {} };
    });
    const first = renderAuth();
    await waitFor(() => expect(first.result.current).toBeTruthy());
    expect(await first.result.current.updateProfile({ phone: '600000000' })).toEqual({
      success: false,
      error: AUTH_MESSAGES.profileNoUser,
    });
    first.unmount();

    signedIn = true;
    const second = renderAuth();
    await waitFor(() => expect(second.result.current?.user).toBeTruthy());
    expect(await second.result.current.updateProfile({ phone: '600000000' })).toEqual({
      success: false,
      error: AUTH_MESSAGES.profileUpdateFailed,
    });
    expect(await second.result.current.signOut()).toEqual({ success: false, error: AUTH_MESSAGES.signOutFailed });
  });

  it('sign-out clears both the user and the profile', async () => {
    let signedIn = true;
    stubApi(({ url }) => {
      if (url.endsWith('/session'))
        return { status: 200, body: signedIn ? { user, profile } : { user: null, profile: null } };
      signedIn = false;
      return { status: 204 };
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current?.profile).toBeTruthy());
    await act(async () => {
      expect(await result.current.signOut()).toEqual({ success: true });
    });
    // The session query tells its readers on the next tick.
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(result.current.profile).toBeNull();
  });
});
