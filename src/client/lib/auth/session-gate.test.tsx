import '../../test/mantine-polyfills';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../common/schemas/auth';
import { sessionKeys } from '../../api/session';
import { stubApi, type ApiCall } from '../../test/render';
import { apiFetch } from '../api-client';
import { markSessionEnded, sessionEndReason } from './session-end';
import { SessionGate } from './session-gate';
import { useAuth } from './use-auth';

const person = (id: string, displayName: string): SessionState => ({
  user: { id, email: `${id}@prueba.test`, displayName, photoURL: '' },
  profile: {
    id,
    email: `${id}@prueba.test`,
    role: 'admin',
    displayName,
    photoURL: '',
    phone: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});
const ana = person('u-ana', 'Ana');
const nobody: SessionState = { user: null, profile: null };

function Who() {
  const { profile, signOut } = useAuth();
  return (
    <>
      <p>{profile ? `Hola, ${profile.displayName}` : 'Sin sesión'}</p>
      <button onClick={() => void signOut()}>Salir</button>
    </>
  );
}

/** One tab of the app: its own query client (seeded like the server's embedded session) behind the gate. */
function openTab(embedded?: SessionState) {
  const queryClient = new QueryClient();
  if (embedded) queryClient.setQueryData(sessionKeys.all, embedded);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <Who />
      </SessionGate>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

const sessionCalls = (calls: ApiCall[]) => calls.filter((call) => call.url === '/api/auth/session').length;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the session query', () => {
  it('renders nothing until the first state is known, then what the server said', async () => {
    let answer: (reply: { status: number; body: SessionState }) => void = () => undefined;
    stubApi(() => new Promise((resolve) => (answer = resolve)));
    const { container } = openTab();
    expect(container).toBeEmptyDOMElement();
    answer({ status: 200, body: ana });
    expect(await screen.findByText('Hola, Ana')).toBeInTheDocument();
  });

  it('starts from the session the server embedded: no request, drawn at once', () => {
    const { calls } = stubApi(() => ({ status: 200, body: nobody }));
    openTab(ana);
    expect(screen.getByText('Hola, Ana')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a request refused with 401 makes the app ask again, and the server says signed out', async () => {
    let signedIn = true;
    stubApi(({ url }) =>
      url === '/api/auth/session'
        ? { status: 200, body: signedIn ? ana : nobody }
        : { status: 401, body: { error: { code: 'NOT_AUTHENTICATED', message: 'No hay usuario autenticado' } } },
    );
    openTab(ana);
    signedIn = false;
    await expect(apiFetch('/api/patients')).rejects.toThrow('No hay usuario autenticado');
    expect(await screen.findByText('Sin sesión')).toBeInTheDocument();
  });

  it('the session endpoint refusing (4xx) is the signed-out state; a network or server failure keeps the state', async () => {
    let reply: { status: number; body?: unknown } = { status: 503, body: {} };
    stubApi(() => reply);
    const { queryClient } = openTab(ana);
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(screen.getByText('Hola, Ana')).toBeInTheDocument();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(screen.getByText('Hola, Ana')).toBeInTheDocument();

    reply = { status: 401, body: { error: { code: 'NOT_AUTHENTICATED', message: 'No hay usuario autenticado' } } };
    stubApi(() => reply);
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(await screen.findByText('Sin sesión')).toBeInTheDocument();
  });
});

describe('when the session query asks the server again', () => {
  it('on window focus or when the tab shows again, only once its answer is more than 5 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-23T09:00:00Z') });
    const { calls } = stubApi(() => ({ status: 200, body: ana }));
    openTab(ana);

    vi.setSystemTime(new Date('2026-03-23T09:00:04Z'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(sessionCalls(calls)).toBe(0);

    vi.setSystemTime(new Date('2026-03-23T09:00:06Z'));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(sessionCalls(calls)).toBe(1));

    vi.setSystemTime(new Date('2026-03-23T09:00:13Z'));
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await waitFor(() => expect(sessionCalls(calls)).toBe(2));
  });

  it('every minute, also in a tab that is not shown', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-03-23T09:00:00Z') });
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { calls } = stubApi(() => ({ status: 200, body: ana }));
    openTab(ana);

    vi.advanceTimersByTime(59_000);
    expect(sessionCalls(calls)).toBe(0);
    vi.advanceTimersByTime(1_000);
    await waitFor(() => expect(sessionCalls(calls)).toBe(1));
    vi.advanceTimersByTime(60_000);
    await waitFor(() => expect(sessionCalls(calls)).toBe(2));
    hidden.mockRestore();
  });
});

describe('a change of session', () => {
  it('signing out in one tab signs the other tab out (BroadcastChannel)', async () => {
    let signedIn = true;
    stubApi(({ url }) => {
      if (url === '/api/auth/sign-out') signedIn = false;
      return url === '/api/auth/session' ? { status: 200, body: signedIn ? ana : nobody } : { status: 204 };
    });
    const first = openTab(ana);
    const second = openTab(ana);
    const inFirst = () => first.container.querySelector('p')?.textContent;
    const inSecond = () => second.container.querySelector('p')?.textContent;
    expect([inFirst(), inSecond()]).toEqual(['Hola, Ana', 'Hola, Ana']);

    first.container.querySelector('button')?.click();
    await waitFor(() => expect(inSecond()).toBe('Sin sesión'));
    expect(inFirst()).toBe('Sin sesión');
  });

  it('another person (or nobody) now: nothing cached for the previous one stays', async () => {
    let current = ana;
    stubApi(() => ({ status: 200, body: current }));
    const { queryClient } = openTab(ana);
    queryClient.setQueryData(['patients', 'list', {}], { items: ['de Ana'] });

    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(queryClient.getQueryData(['patients', 'list', {}])).toEqual({ items: ['de Ana'] });

    current = person('u-luis', 'Luis');
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(queryClient.getQueryData(['patients', 'list', {}])).toBeUndefined();
    expect(await screen.findByText('Hola, Luis')).toBeInTheDocument();
  });

  it('signed in again, why the last session ended (the idle lock) is forgotten', async () => {
    markSessionEnded('idle');
    stubApi(() => ({ status: 200, body: nobody }));
    const { queryClient } = openTab(nobody);
    expect(sessionEndReason()).toBe('idle');
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(sessionEndReason()).toBe('idle');

    stubApi(() => ({ status: 200, body: ana }));
    await act(() => queryClient.refetchQueries({ queryKey: sessionKeys.all }));
    expect(sessionEndReason()).toBeNull();
  });
});
