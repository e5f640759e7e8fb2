import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentAnswers } from '../../../../common/schemas/confirmations';
import { stubApi } from '../../../test/render';
import { useAppointmentAnswers } from './get-appointment-answers';
import { useAppointmentAnswersRange } from './get-appointment-answers-range';

const confirmed = (appointmentId: string): AppointmentAnswers => ({
  answers: [{ appointmentId, answer: 'confirmed', answeredAt: '2026-01-12T08:00:00.000Z', via: 'link' }],
});

/**
 * The answers are asked again under a new key whenever the screen's list is refetched (`version`), and the
 * last ones stay on screen meanwhile. Until the new ones arrive, a render of the screen made React loop to
 * «Maximum update depth exceeded»: the placeholder was a new function on every render, so TanStack Query
 * picked it again, and `select` made a new map each time — a new result for `useSyncExternalStore` after
 * every commit. The desk's calendar fell to «No se pudo mostrar esta página» when the answers of the first
 * list arrived before the list itself (a race a busy machine lost now and then).
 */
function renderWhileTheNewAnswersAreOnTheirWay(useAnswers: (version: number) => { data?: Map<string, unknown> }) {
  let release: () => void = () => {};
  stubApi(({ url }) =>
    url.includes('version-2')
      ? new Promise((resolve) => {
          release = () => resolve({ status: 200, body: confirmed('a-2') });
        })
      : { status: 200, body: confirmed('a-1') },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(
    ({ version }) => {
      const [, setTick] = useState(0);
      return { answers: useAnswers(version), rerender: () => setTick((tick) => tick + 1) };
    },
    { wrapper, initialProps: { version: 1 } },
  );
  return { ...rendered, release: () => release() };
}

/** The first answers arrive; newer ones are asked (`version` 2) and, while they are out, the screen renders again. */
async function expectTheLastAnswersWhileWaiting({
  result,
  rerender,
  release,
}: ReturnType<typeof renderWhileTheNewAnswersAreOnTheirWay>) {
  await waitFor(() => expect(result.current.answers.data?.has('a-1')).toBe(true));
  rerender({ version: 2 });
  // Any render while the request is out (a live event, the clock's minute, a click) used to loop.
  act(() => result.current.rerender());
  act(() => result.current.rerender());
  expect(result.current.answers.data?.has('a-1')).toBe(true);
  await act(async () => release());
  await waitFor(() => expect(result.current.answers.data?.has('a-2')).toBe(true));
}

afterEach(() => vi.unstubAllGlobals());

describe('the reminders’ answers while newer ones are on their way', () => {
  it('the diary keeps the last answers on screen and renders again without looping', async () => {
    const rendered = renderWhileTheNewAnswersAreOnTheirWay((version) =>
      useAppointmentAnswers(version === 1 ? ['a-1'] : ['a-1', 'version-2'], version),
    );
    await expectTheLastAnswersWhileWaiting(rendered);
  });

  it('the calendar keeps the last answers of its range on screen and renders again without looping', async () => {
    let version = 1;
    const rendered = renderWhileTheNewAnswersAreOnTheirWay((next) => {
      version = next;
      return useAppointmentAnswersRange(
        { from: '2026-01-12T00:00:00.000Z', to: version === 1 ? '2026-01-19T00:00:00.000Z' : 'version-2' },
        version,
      );
    });
    await expectTheLastAnswersWhileWaiting(rendered);
  });
});
