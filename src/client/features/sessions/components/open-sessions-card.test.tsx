import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenSession } from '../../../../common/schemas/sessions';
import { renderScreen, stubApi } from '../../../test/render';
import { OpenSessionsCard } from './open-sessions-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const here: OpenSession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Ordenador con Windows',
  browser: 'Chrome 131',
  place: 'Red 203.0.113.x',
  createdAt: '2026-01-12T08:00:00.000Z',
  lastSeenAt: '2026-01-12T09:30:00.000Z',
  current: true,
};
const phone: OpenSession = {
  id: '22222222-2222-4222-8222-222222222222',
  device: 'iPhone con iOS 17',
  browser: 'Safari 17',
  place: 'Red local',
  createdAt: '2026-01-10T17:15:00.000Z',
  lastSeenAt: '2026-01-11T20:05:00.000Z',
  current: false,
};

describe('OpenSessionsCard', () => {
  it('lists each session — browser, device, place, start and last activity in the clinic’s zone — with this one marked and not closable', async () => {
    stubApi(() => ({ status: 200, body: { items: [here, phone] } }));
    renderScreen(<OpenSessionsCard timeZone="Europe/Madrid" />);
    const list = await screen.findByRole('list', { name: 'Sesiones abiertas' });
    const mine = within(list).getByRole('listitem', { name: 'Chrome 131 en Ordenador con Windows' });
    expect(within(mine).getByText('Esta sesión')).toBeVisible();
    expect(within(mine).getByText('Red 203.0.113.x')).toBeVisible();
    expect(within(mine).getByText('Inicio: lun, 12 ene, 09:00')).toBeVisible();
    expect(within(mine).getByText('Última actividad: ahora')).toBeVisible();
    expect(within(mine).queryByRole('button')).toBeNull();
    const other = within(list).getByRole('listitem', { name: 'Safari 17 en iPhone con iOS 17' });
    expect(within(other).getByText('Inicio: sáb, 10 ene, 18:15')).toBeVisible();
    expect(within(other).getByText('Última actividad: dom, 11 ene, 21:05')).toBeVisible();
    expect(within(other).queryByText('Esta sesión')).toBeNull();
  });

  it('«Cerrar» ends that session and the list follows; «Cerrar las demás» ends the rest', async () => {
    let items = [here, phone];
    const { calls } = stubApi(({ method, url }) => {
      if (method === 'DELETE') {
        items = items.filter((item) => !url.endsWith(item.id));
        return { status: 204 };
      }
      if (method === 'POST') return { status: 200, body: { ended: 0 } };
      return { status: 200, body: { items } };
    });
    const { user } = renderScreen(<OpenSessionsCard timeZone="Europe/Madrid" />);
    await user.click(await screen.findByRole('button', { name: 'Cerrar la sesión de Safari 17 en iPhone con iOS 17' }));
    expect(await screen.findByText('Sesión cerrada: Safari 17 en iPhone con iOS 17.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/me/sessions/${phone.id}`,
    ]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    // Nothing else to close.
    expect(screen.getByRole('button', { name: 'Cerrar las demás' })).toBeDisabled();
  });

  it('«Cerrar las demás» says how many it ended', async () => {
    let items = [here, phone];
    stubApi(({ method }) => {
      if (method === 'POST') {
        items = [here];
        return { status: 200, body: { ended: 1 } };
      }
      return { status: 200, body: { items } };
    });
    const { user } = renderScreen(<OpenSessionsCard timeZone="Europe/Madrid" />);
    await user.click(await screen.findByRole('button', { name: 'Cerrar las demás' }));
    expect(await screen.findByText('Se ha cerrado 1 sesión.')).toBeVisible();
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });
});
