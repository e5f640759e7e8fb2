import '../../common/zod-es';
import '../lib/mantine-dates-locale';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SessionState } from '../../common/schemas/auth';
import { sessionQueryOptions } from '../api/session';

/** A signed-in admin or doctor, as the session query holds one (for screens that act as the signed-in user). */
export function signedInAs(role: 'admin' | 'doctor' | 'paciente'): SessionState {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    user: { id: `u-${role}`, email: `${role}@prueba.test`, displayName: `Prueba ${role}`, photoURL: '' },
    profile: {
      id: `u-${role}`,
      email: `${role}@prueba.test`,
      role,
      displayName: `Prueba ${role}`,
      photoURL: '',
      phone: null,
      createdAt: at,
      updatedAt: at,
    },
  };
}

interface RenderOptions {
  /** The route pattern `ui` is mounted at (e.g. `/admin/pacientes/:id`). */
  path?: string;
  /** The address the memory router starts at; `path` by default. */
  at?: string;
  /** Other screens a test may navigate to. */
  routes?: RouteObject[];
  /** Who is signed in: the session query starts with it (no request), as in the app after sign-in. */
  session?: SessionState;
  /** What the query cache holds before the first render (what the server embedded in a page, as app.tsx puts it). */
  seed?: (queryClient: QueryClient) => void;
}

/** Renders `ui` as a screen of the app: Mantine (in its test mode: no transitions or portals; dates in Spanish), TanStack Query and a memory router. */
export function renderScreen(
  ui: ReactElement,
  { path = '/', at = path, routes = [], session, seed }: RenderOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (session) queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  seed?.(queryClient);
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [at] });
  const user = userEvent.setup();
  const result = render(
    <MantineProvider env="test">
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>,
  );
  return { ...result, user, router, queryClient };
}

/**
 * Writes `text` at the end of `field` in one go, as a paste: one input event instead of one per key. For the
 * fields where typing key by key is not what the test is about (each key draws the whole form again, and a
 * long text in a big form made the slowest tests of the suite); `user.type` stays for what reacts to keys.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * Replaces `fetch` with the fake API `answer` (method, URL and parsed JSON body → status and body) and
 * records every call.
 */
export function stubApi(answer: (call: ApiCall) => Reply | Promise<Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url,
      body: text ? (JSON.parse(text) as unknown) : init?.body,
    };
    calls.push(call);
    const reply = await answer(call);
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
