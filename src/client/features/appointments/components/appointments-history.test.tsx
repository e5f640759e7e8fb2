import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentList } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { AppointmentsHistory } from './appointments-history';

beforeEach(() => {
  // Only Date is faked: the clinic's today is Wednesday 25 March 2026 (timers run as usual for the debounce).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-25T10:00:00+01:00') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const namesakes: AppointmentList = {
  items: [
    appointment({
      id: 'a-1',
      patientName: 'Tomás Homónimo',
      patientBirthDate: '1950-02-03',
      patientDocument: '00000001R',
    }),
    appointment({
      id: 'a-2',
      patientName: 'Tomás Homónimo',
      patientBirthDate: '1990-07-08',
      patientDocument: '00000002W',
    }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
};

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/appointments?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

function renderHistory(at = '/admin/citas') {
  const api = stubApi(() => ({ status: 200, body: namesakes }));
  const view = renderScreen(<AppointmentsHistory timeZone="Europe/Madrid" doctors={[]} />, {
    path: '/admin/citas',
    at,
  });
  return { ...api, ...view };
}

describe('the appointment history', () => {
  it('opens on today, earliest first, with «Hoy» checked', async () => {
    const { calls } = renderHistory();
    await screen.findAllByText('Tomás Homónimo');
    expect(listCalls(calls)[0]).toMatchObject({ from: '2026-03-25', to: '2026-03-25', order: 'asc' });
    expect(screen.getByRole('radio', { name: 'Hoy' })).toBeChecked();
  });

  it('tells namesakes apart by birth date and document', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Citas' });
    expect(within(table).getByText('n. 03/02/1950 · 00000001R')).toBeInTheDocument();
    expect(within(table).getByText('n. 08/07/1990 · 00000002W')).toBeInTheDocument();
  });

  it('searches every date by name, phone or document, and the CSV follows the search', async () => {
    const { calls, user, router } = renderHistory();
    await screen.findAllByText('Tomás Homónimo');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'homonimo 1990');
    await waitFor(() => expect(router.state.location.search).toBe('?q=homonimo+1990'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ q: 'homonimo 1990', order: 'asc', page: '1', pageSize: '25' }),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/appointments/export.csv?q=homonimo+1990&order=asc',
    );
  });

  it('moves to the days around today and to every date with the period chips', async () => {
    const { calls, user, router } = renderHistory();
    await screen.findAllByText('Tomás Homónimo');
    await user.click(screen.getByRole('radio', { name: 'Mañana' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ from: '2026-03-26', to: '2026-03-26' }));
    await user.click(screen.getByRole('radio', { name: 'Esta semana' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ from: '2026-03-23', to: '2026-03-29' }));
    await user.click(screen.getByRole('radio', { name: 'Todas las fechas' }));
    await waitFor(() => expect(router.state.location.search).toBe('?fechas=todas'));
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toHaveProperty('from'));
    expect(listCalls(calls).at(-1)).not.toHaveProperty('to');
  });
});
