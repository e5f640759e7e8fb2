import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Production } from '../../../../common/schemas/billing-reports';
import { fixClock } from '../../../test/clock';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import ProductionPage from './production';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Intl writes a no-break space before the euro sign. */
const eur = (text: string) => text.replace(' €', '\u00a0€');
const figures = { performed: 0, invoiced: 0, baseCents: 0, taxCents: 0, totalCents: 0, pending: 0 };

/** Her production as the API answers it for a period: one invoiced peeling, consultations half invoiced. */
const productionOf = (from: string, to: string): Production =>
  from === '2026-12-01'
    ? {
        doctorId: 'u-doctor',
        doctorName: 'Prueba doctor',
        from,
        to,
        timeZone: 'Europe/Madrid',
        services: [
          {
            serviceId: 's-2',
            serviceName: 'Peeling químico',
            performed: 1,
            invoiced: 1,
            baseCents: 12100,
            taxCents: 2541,
            totalCents: 14641,
            pending: 0,
          },
          {
            serviceId: 's-1',
            serviceName: 'Consulta de revisión',
            performed: 3,
            invoiced: 2,
            baseCents: 12000,
            taxCents: 0,
            totalCents: 12000,
            pending: 1,
          },
        ],
        totals: { performed: 4, invoiced: 3, baseCents: 24100, taxCents: 2541, totalCents: 26641, pending: 1 },
        pendingVisits: [
          {
            appointmentId: 'a-1',
            startsAt: '2026-12-20T08:00:00.000Z',
            patientName: 'Lucía Caja Pérez',
            serviceName: 'Consulta de revisión',
          },
        ],
      }
    : {
        doctorId: 'u-doctor',
        doctorName: 'Prueba doctor',
        from,
        to,
        timeZone: 'Europe/Madrid',
        services: [],
        totals: figures,
        pendingVisits: [],
      };

function stubProduction() {
  return stubApi((call) => {
    if (call.url.startsWith('/api/billing/production')) {
      const query = new URL(call.url, 'http://clinica.test').searchParams;
      return { status: 200, body: productionOf(query.get('from')!, query.get('to')!) };
    }
    return { status: 200, body: { timeZone: 'Europe/Madrid' } };
  });
}

describe('«Mi producción»', () => {
  it('asks for this month of the clinic’s calendar, even when it is still December in UTC', async () => {
    // 1 January 2027, 00:30 in Madrid: 31 December at 23:30 UTC.
    fixClock('2027-01-01T00:30:00+01:00');
    const { calls } = stubProduction();
    renderScreen(<ProductionPage />, { session: signedInAs('doctor') });
    expect(await screen.findByText('No hay visitas atendidas en este periodo.')).toBeInTheDocument();
    expect(screen.getByText('Periodo: 1–31 de enero de 2027')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/billing/production?from=2027-01-01&to=2027-01-31');
    expect(screen.getByRole('heading', { name: 'Mi producción' })).toBeInTheDocument();
  });

  it('shows the month before per service in euros, with its totals and the visit left to invoice', async () => {
    fixClock('2027-01-15T10:00:00+01:00');
    const { calls } = stubProduction();
    const { user } = renderScreen(<ProductionPage />, { session: signedInAs('doctor') });
    await screen.findByText('No hay visitas atendidas en este periodo.');
    await user.click(screen.getByRole('radio', { name: 'Mes anterior' }));

    const table = await screen.findByRole('table', { name: 'Servicios realizados: 1–31 de diciembre de 2026' });
    expect(calls.map((call) => call.url)).toContain('/api/billing/production?from=2026-12-01&to=2026-12-31');
    const peeling = within(table).getByRole('rowheader', { name: 'Peeling químico' }).closest('tr')!;
    expect(
      within(peeling)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', eur('121,00 €'), eur('25,41 €'), eur('146,41 €'), '0']);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', eur('241,00 €'), eur('25,41 €'), eur('266,41 €'), '1']);
    const pending = screen.getByRole('region', { name: 'Visitas atendidas sin facturar' });
    expect(
      within(pending).getByText('dom, 20 dic 2026, 09:00 · Lucía Caja Pérez · Consulta de revisión'),
    ).toBeInTheDocument();
  });

  it('takes this month on a December evening, this year, and dates of one’s own', async () => {
    fixClock('2026-12-31T22:45:00+01:00');
    const { calls } = stubProduction();
    const { user } = renderScreen(<ProductionPage />, { session: signedInAs('doctor') });
    await screen.findByRole('table', { name: 'Servicios realizados: 1–31 de diciembre de 2026' });
    expect(screen.getByText('Total facturado', { selector: 'p' }).nextSibling?.textContent).toBe(eur('266,41 €'));
    await user.click(screen.getByRole('radio', { name: 'Este año' }));
    await screen.findByText('Periodo: 1 de enero – 31 de diciembre de 2026');
    expect(calls.map((call) => call.url)).toContain('/api/billing/production?from=2026-01-01&to=2026-12-31');
    await user.click(screen.getByRole('radio', { name: 'Fechas' }));
    expect(screen.getByRole('button', { name: 'Fechas' })).toBeInTheDocument();
  });
});
