import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAvailabilityQueryOptions, type AvailabilityQuery } from '../api/availability';
import { useCreateAppointment } from '../features/appointments/api/create-appointment';
import { useCreatePublicBooking } from '../features/booking/api/create-public-booking';
import { useCreateMyAppointment } from '../features/booking/api/create-my-appointment';
import { stubApi } from '../test/render';

const ANA = 'd-ana';
const day = { from: '2026-03-23', to: '2026-03-23' };
/** What the public booking page (and the patient's «Pedir cita») asks for Dr. Ana's Monday… */
const publicQuery: AvailabilityQuery = { doctorId: ANA, ...day };
/** …and what the desk's «Nueva cita» form asks for the same day, with the slots held for the waiting list. */
const deskQuery: AvailabilityQuery = { doctorId: ANA, ...day, withHeld: true };
const noSlots = { doctors: [] };

/** Both screens' availability loaded in one client, then one booking made through `useBooking`. */
async function bookWith<T>(useBooking: () => { mutateAsync: (input: T) => Promise<unknown> }, input: T) {
  const { calls } = stubApi(({ method }) =>
    method === 'GET' ? { status: 200, body: noSlots } : { status: 201, body: {} },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await queryClient.fetchQuery(getAvailabilityQueryOptions(publicQuery));
  await queryClient.fetchQuery(getAvailabilityQueryOptions(deskQuery));
  const invalidated = () =>
    [publicQuery, deskQuery].map(
      (query) => queryClient.getQueryState(getAvailabilityQueryOptions(query).queryKey)?.isInvalidated,
    );
  expect(invalidated()).toEqual([false, false]);

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useBooking, { wrapper });
  await act(() => result.current.mutateAsync(input));
  return { invalidated: invalidated(), calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('a booking refreshes the free slots every screen shows (one key for the availability)', () => {
  it('both screens fetch the same endpoint, the desk with the held slots', async () => {
    const { calls } = await bookWith(useCreatePublicBooking, {} as never);
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.url)).toEqual([
      `/api/public/availability?doctorId=${ANA}&from=2026-03-23&to=2026-03-23`,
      `/api/public/availability?doctorId=${ANA}&from=2026-03-23&to=2026-03-23&conRetenidas=1`,
    ]);
  });

  it('a visitor’s booking on the public page', async () => {
    expect((await bookWith(useCreatePublicBooking, {} as never)).invalidated).toEqual([true, true]);
  });

  it('a paciente’s booking in her area', async () => {
    expect((await bookWith(useCreateMyAppointment, {} as never)).invalidated).toEqual([true, true]);
  });

  it('the desk’s booking for a patient', async () => {
    expect((await bookWith(useCreateAppointment, {} as never)).invalidated).toEqual([true, true]);
  });
});
