import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi } from '../../../test/render';
import { AdminDashboardView } from './admin-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dashboard: AdminDashboard = {
  timeZone: 'Europe/Madrid',
  // What the server answers: 53 standing appointments (cancelled ones are not in `total`), 7 cancelled.
  today: { total: 53, byStatus: { pendiente: 3, confirmada: 40, en_sala: 2, atendida: 8, cancelada: 7 } },
  upcomingToday: [],
  occupancy: [],
  noShow: { noShows: 1, attended: 19, rate: 0.05 },
  pendingConfirmations: 3,
  newPatients30d: 4,
  unreadMessages: 0,
  overdueTasks: 0,
};

describe("the clinic's dashboard", () => {
  it('«Citas hoy» and the ring give the same figure, say they leave the cancelled ones out and name them apart', async () => {
    stubApi(() => ({ status: 200, body: dashboard }));
    renderScreen(<AdminDashboardView />);
    const card = (await screen.findByText('Citas hoy')).parentElement!;
    expect(within(card).getByText('53')).toBeInTheDocument();
    expect(card).toHaveTextContent('Sin contar 7 canceladas.');
    const ring = screen.getByLabelText('Citas de hoy por estado: 53, sin contar las canceladas');
    expect(within(ring).getByText('53')).toBeInTheDocument();
    expect(screen.getByText('Además, 7 canceladas (fuera del total).')).toBeInTheDocument();
    expect(screen.queryByText('60')).toBeNull();
  });

  it("names the clinic's «Pendiente» status as such, apart from the patients' answers to reminders", async () => {
    stubApi(() => ({ status: 200, body: dashboard }));
    renderScreen(<AdminDashboardView />);
    const card = (await screen.findByText('Citas en estado «Pendiente»')).parentElement!;
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Confirmarlas o rechazarlas' })).toHaveAttribute(
      'href',
      expect.stringContaining('status=pendiente'),
    );
  });

  it('a status badge is never narrower than its word (it read «CONFI…» in a tight cell)', async () => {
    stubApi(() => ({ status: 200, body: dashboard }));
    renderScreen(<AdminDashboardView />);
    const badge = (await screen.findAllByText('Confirmada'))[0]!.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveStyle({ minWidth: 'max-content' });
  });
});
