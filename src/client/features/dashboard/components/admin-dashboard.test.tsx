import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '../../../../common/schemas/appointments';
import type { Revenue } from '../../../../common/schemas/billing-reports';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
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

/** The last twelve months of invoices: nothing until November 2026, a cancelled invoice in December. */
const revenue: Revenue = {
  timeZone: 'Europe/Madrid',
  months: [
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
    '2026-12',
  ].map((month) => ({ month, issued: 0, issuedCents: 0, cancelled: 0, cancelledCents: 0, netCents: 0 })),
};
revenue.months[10] = {
  month: '2026-11',
  issued: 2,
  issuedCents: 12000,
  cancelled: 0,
  cancelledCents: 0,
  netCents: 12000,
};
revenue.months[11] = {
  month: '2026-12',
  issued: 4,
  issuedCents: 32641,
  cancelled: 1,
  cancelledCents: 6000,
  netCents: 26641,
};

const answer = (call: ApiCall) =>
  call.url.startsWith('/api/billing/revenue') ? { status: 200, body: revenue } : { status: 200, body: dashboard };
/** Intl writes a no-break space before the euro sign. */
const eur = (text: string) => text.replace(' €', '\u00a0€');

describe("the clinic's dashboard", () => {
  it('«Citas hoy» and the ring give the same figure, say they leave the cancelled ones out and name them apart', async () => {
    stubApi(answer);
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
    stubApi(answer);
    renderScreen(<AdminDashboardView />);
    const card = (await screen.findByText('Citas en estado «Pendiente»')).parentElement!;
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Confirmarlas o rechazarlas' })).toHaveAttribute(
      'href',
      expect.stringContaining('status=pendiente'),
    );
  });

  it('a status badge is never narrower than its word (it read «CONFI…» in a tight cell)', async () => {
    stubApi(answer);
    renderScreen(<AdminDashboardView />);
    const badge = (await screen.findAllByText('Confirmada'))[0]!.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveStyle({ minWidth: 'max-content' });
  });

  it('«Facturación»: the net of each of the last twelve months, in a table behind «Ver tabla» with the same figures', async () => {
    const { calls } = stubApi(answer);
    const { user } = renderScreen(<AdminDashboardView />);
    const card = await screen.findByRole('region', { name: 'Facturación' });
    expect(await within(card).findByText('Neto de los últimos 12 meses: 386,41 €')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/billing/revenue?months=12');
    // The table is there for screen readers before it is shown.
    const table = within(card).getByRole('table', { name: 'Facturación por mes de emisión, últimos 12 meses' });
    const december = within(table).getByRole('rowheader', { name: 'diciembre de 2026' }).closest('tr')!;
    expect(
      within(december)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', eur('326,41 €'), eur('60,00 €'), eur('266,41 €')]);
    expect(within(table).getAllByRole('row')).toHaveLength(13);

    const toggle = within(card).getByRole('button', { name: 'Ver tabla' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Ocultar tabla' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('rowheader', { name: 'enero de 2026' })).toBeVisible();
  });
});
