import '../../../test/mantine-polyfills';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TodayDiary } from '../../../../common/schemas/appointments';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import TodayDiaryPage from './today';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The clinic's today is Monday 23 March 2026; the API answers the day it is asked for, with no appointments. */
function answerDay(url: string): TodayDiary {
  const date = new URL(url, 'http://x').searchParams.get('date') ?? '2026-03-23';
  return { date, today: '2026-03-23', timeZone: 'Europe/Madrid', doctors: [] };
}

const lastUrl = (calls: { url: string }[]) => calls.at(-1)!.url;

describe('the diary of any day', () => {
  it('opens on today, moves a day with the buttons and the arrow keys, and returns with «Hoy»', async () => {
    const { calls } = stubApi((call) => ({ status: 200, body: answerDay(call.url) }));
    const { user, router } = renderScreen(<TodayDiaryPage />, {
      session: signedInAs('admin'),
      path: '/admin/citas-hoy',
    });

    expect(await screen.findByText('Lunes, 23 de marzo de 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Citas de hoy' })).toBeInTheDocument();
    expect(lastUrl(calls)).toBe('/api/appointments/today');

    await user.click(screen.getByRole('button', { name: 'Día siguiente' }));
    expect(await screen.findByText('Martes, 24 de marzo de 2026')).toBeInTheDocument();
    expect(lastUrl(calls)).toBe('/api/appointments/today?date=2026-03-24');
    expect(router.state.location.search).toBe('?fecha=2026-03-24');
    expect(screen.getByRole('heading', { level: 1, name: 'Citas del día' })).toBeInTheDocument();
    expect(screen.getByText('Este día no hay citas')).toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(await screen.findByText('Miércoles, 25 de marzo de 2026')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByText('Domingo, 22 de marzo de 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(await screen.findByText('Lunes, 23 de marzo de 2026')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Hoy no hay citas')).toBeInTheDocument();
  });

  it('leaves the arrow keys to a field being typed in', async () => {
    stubApi((call) => ({ status: 200, body: answerDay(call.url) }));
    renderScreen(<TodayDiaryPage />, { session: signedInAs('admin'), path: '/admin/citas-hoy' });
    const field = await screen.findByRole('textbox', { name: 'Ir a la fecha' });
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Lunes, 23 de marzo de 2026')).toBeInTheDocument();
  });

  it('opens the day in the address', async () => {
    const { calls } = stubApi((call) => ({ status: 200, body: answerDay(call.url) }));
    renderScreen(<TodayDiaryPage />, {
      session: signedInAs('admin'),
      path: '/admin/citas-hoy',
      at: '/admin/citas-hoy?fecha=2026-04-02',
    });
    expect(await screen.findByText('Jueves, 2 de abril de 2026')).toBeInTheDocument();
    expect(lastUrl(calls)).toBe('/api/appointments/today?date=2026-04-02');
  });
});
