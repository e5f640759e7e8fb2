import '../../../test/mantine-polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TodayDiary as TodayDiaryData } from '../../../../common/schemas/appointments';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { TodayDiary } from './today-diary';

/** Monday 23 March 2026 in Madrid (UTC+1), 11:00: Ana's 09:30 has passed, Bruno's 12:00 has not. */
const NOW = '2026-03-23T10:00:00.000Z';

function diary(): TodayDiaryData {
  return {
    date: '2026-03-23',
    today: '2026-03-23',
    timeZone: 'Europe/Madrid',
    doctors: [
      {
        id: 'd-1',
        displayName: 'Dra. Lucía Fernández',
        specialty: 'Medicina familiar',
        color: '#1c7ed6',
        appointments: [
          appointment({ id: 'a-1', patientName: 'Ana García', startsAt: '2026-03-23T08:30:00Z', status: 'confirmada' }),
          appointment({ id: 'a-2', patientName: 'Bruno Díaz', startsAt: '2026-03-23T11:00:00Z', status: 'confirmada' }),
          appointment({
            id: 'a-3',
            patientName: 'Carla Ruiz',
            startsAt: '2026-03-23T09:30:00Z',
            status: 'en_sala',
            arrivedAt: '2026-03-23T09:52:00Z',
          }),
        ],
      },
    ],
  };
}

const stub = () =>
  stubApi((call) => {
    if (call.url.startsWith('/api/appointment-answers')) return { status: 200, body: { answers: [] } };
    if (call.method === 'POST')
      return { status: 200, body: appointment({ id: 'a-1', patientName: 'Ana García', status: 'atendida' }) };
    return { status: 200, body: diary() };
  });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('li')!;
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  // Only the date: timers stay real for the user events and the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the diary’s status buttons follow what really happened', () => {
  it('shows when a patient in the waiting room arrived and how long she has waited, and offers only «Atendida»', async () => {
    stub();
    renderScreen(<TodayDiary onDateChange={() => undefined} />, {
      session: signedInAs('admin'),
      path: '/admin/citas-hoy',
    });
    const carla = await rowOf('Carla Ruiz');
    expect(within(carla).getByText('En sala desde las 10:52 · 8 min')).toBeInTheDocument();
    expect(buttonsOf(carla)).toEqual(['Atendida']);
    // Before her time, no «No asistió»; after it, yes.
    expect(buttonsOf(await rowOf('Bruno Díaz'))).toEqual(['Llegada', 'Atendida', 'Cancelar', 'Cambiar fecha u hora']);
    expect(buttonsOf(await rowOf('Ana García'))).toEqual([
      'Llegada',
      'Atendida',
      'No asistió',
      'Cancelar',
      'Cambiar fecha u hora',
    ]);
    expect(within(await rowOf('Ana García')).queryByText(/En sala desde/)).not.toBeInTheDocument();
  });

  it('asks «¿A qué hora llegó?» before marking attended a patient never checked in, and sends the arrival', async () => {
    const { calls } = stub();
    const { user } = renderScreen(<TodayDiary onDateChange={() => undefined} />, {
      session: signedInAs('admin'),
      path: '/admin/citas-hoy',
    });
    await user.click(within(await rowOf('Ana García')).getByRole('button', { name: 'Atendida' }));
    const dialog = await screen.findByRole('dialog', { name: '¿A qué hora llegó?' });
    const time = within(dialog).getByLabelText(/Hora de llegada/);
    // Recorded after her 09:30 start: the start is proposed.
    expect(time).toHaveValue('09:30');
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(time, { target: { value: '11:20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    expect(await within(dialog).findByText('La hora de llegada no puede ser posterior a ahora.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(time, { target: { value: '09:25' } });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/appointments/a-1/status',
      body: { status: 'atendida', arrivedAt: '2026-03-23T08:25:00.000Z' },
    });
    expect(await screen.findByText('Cita marcada como atendida')).toBeInTheDocument();
  });

  it('marks attended a patient in the waiting room at once (her arrival is known)', async () => {
    const { calls } = stub();
    const { user } = renderScreen(<TodayDiary onDateChange={() => undefined} />, {
      session: signedInAs('admin'),
      path: '/admin/citas-hoy',
    });
    await user.click(within(await rowOf('Carla Ruiz')).getByRole('button', { name: 'Atendida' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ url: '/api/appointments/a-3/status', body: { status: 'atendida' } });
    expect(screen.queryByRole('dialog', { name: '¿A qué hora llegó?' })).not.toBeInTheDocument();
  });
});
