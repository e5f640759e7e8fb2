import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { FinishVisitOffer } from './finish-visit-offer';

/** Wednesday 4 March 2026, 19:30 in Madrid; the appointment was at 19:00. */
const NOW = '2026-03-04T18:30:00.000Z';
const visit = (changes: Parameters<typeof appointment>[0]) =>
  appointment({ startsAt: '2026-03-04T18:00:00.000Z', endsAt: '2026-03-04T18:30:00.000Z', ...changes });
const stub = () => stubApi(() => ({ status: 200, body: visit({ status: 'atendida' }) }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('«¿Dar la visita por terminada?» after signing the note', () => {
  it('is not offered before the note is signed, nor once the visit is over', () => {
    stub();
    renderScreen(
      <FinishVisitOffer appointment={visit({ status: 'en_sala' })} timeZone="Europe/Madrid" noteSigned={false} />,
    );
    expect(screen.queryByText(/Dar la visita por terminada/)).not.toBeInTheDocument();
    cleanup();
    renderScreen(<FinishVisitOffer appointment={visit({ status: 'atendida' })} timeZone="Europe/Madrid" noteSigned />);
    expect(screen.queryByText(/Dar la visita por terminada/)).not.toBeInTheDocument();
  });

  it('marks a patient in the waiting room attended in one click', async () => {
    const { calls } = stub();
    const { user } = renderScreen(
      <FinishVisitOffer
        appointment={visit({ status: 'en_sala', arrivedAt: '2026-03-04T17:52:00.000Z' })}
        timeZone="Europe/Madrid"
        noteSigned
      />,
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Nota firmada' })).getByRole('button', { name: 'Terminar la visita' }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/appointments/a-1/status',
      body: { status: 'atendida' },
    });
    expect(await screen.findByText('Visita terminada: cita atendida')).toBeInTheDocument();
  });

  it('asks the arrival time of a patient never checked in (her start, recorded afterwards) and sends it', async () => {
    const { calls } = stub();
    const { user } = renderScreen(
      <FinishVisitOffer appointment={visit({ status: 'confirmada' })} timeZone="Europe/Madrid" noteSigned />,
    );
    await user.click(screen.getByRole('button', { name: 'Terminar la visita' }));
    const dialog = await screen.findByRole('dialog', { name: '¿A qué hora llegó?' });
    expect(within(dialog).getByLabelText(/Hora de llegada/)).toHaveValue('19:00');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      status: 'atendida',
      arrivedAt: '2026-03-04T18:00:00.000Z',
    });
  });
});
