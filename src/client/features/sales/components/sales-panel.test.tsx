import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sales, SalesRow } from '../../../../common/schemas/sales';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { SalesPanel } from './sales-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Intl writes a no-break space before the euro sign. */
const eur = (text: string) => text.replace(' €', '\u00a0€');
const row = (id: string | null, name: string, totalCents: number, collectedCents: number): SalesRow => ({
  id,
  name,
  lines: 2,
  visits: 1,
  baseCents: totalCents,
  taxCents: 0,
  totalCents,
  collectedCents,
  pendingCents: totalCents - collectedCents,
});
const totals = { ...row(null, 'Total', 16000, 6000), invoices: 3, lines: 4, visits: 2 };

/** October's sales: the consultation and a line by hand; Sanitas and «Privado»; one doctor and the pack's none. */
const october: Sales = {
  from: '2026-10-01',
  to: '2026-10-31',
  timeZone: 'Europe/Madrid',
  mode: 'pruebas',
  byService: [row('s-consulta', 'Consulta', 12000, 4000), row(null, 'Otros conceptos', 4000, 2000)],
  byInsurer: [row('i-sanitas', 'Sanitas', 10000, 0), row(null, 'Privado', 6000, 6000)],
  byDoctor: [row('d-ana', 'Dra. Ana Ruiz', 12000, 4000), row(null, 'Sin profesional', 4000, 2000)],
  totals,
};
const empty: Sales = { ...october, from: '2026-09-01', to: '2026-09-30', byService: [], byInsurer: [], byDoctor: [] };

function stubSales() {
  return stubApi((call) => {
    if (call.url.startsWith('/api/billing/sales')) {
      const from = new URL(call.url, 'http://clinica.test').searchParams.get('from');
      return { status: 200, body: from === '2026-10-01' ? october : empty };
    }
    return { status: 200, body: { timeZone: 'Europe/Madrid' } };
  });
}

describe('«Ventas»', () => {
  it('shows this month by service, insurer and doctor, each with its total row and its CSV', async () => {
    // 31 October 23:30 in Madrid: 22:30 UTC, still October.
    fixClock('2026-10-31T23:30:00+01:00');
    const { calls } = stubSales();
    renderScreen(<SalesPanel />);
    const byInsurer = await screen.findByRole('table', { name: 'Ventas por aseguradora' });
    expect(calls.map((call) => call.url)).toContain('/api/billing/sales?from=2026-10-01&to=2026-10-31');
    const privado = within(byInsurer).getByText('Privado').closest('tr')!;
    expect(
      within(privado)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Privado', '2', '1', eur('60,00 €'), eur('0,00 €'), eur('60,00 €'), eur('60,00 €'), eur('0,00 €')]);
    for (const name of ['Ventas por servicio', 'Ventas por aseguradora', 'Ventas por profesional']) {
      const table = screen.getByRole('table', { name });
      const total = within(table).getAllByRole('row').at(-1)!;
      expect(within(total).getAllByText('160,00 €')).toHaveLength(2);
      expect(within(total).getByText('100,00 €')).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Exportar CSV: ventas por profesional' })).toHaveAttribute(
      'href',
      '/api/billing/sales/csv?from=2026-10-01&to=2026-10-31&tabla=profesional',
    );
    expect(screen.getByText(/Una rectificativa resta en el periodo en que se emite/)).toBeInTheDocument();
  });

  it('says so when the period has no invoice (the month before)', async () => {
    fixClock('2026-10-15T10:00:00+02:00');
    const { calls } = stubSales();
    const { user } = renderScreen(<SalesPanel />);
    await screen.findByRole('table', { name: 'Ventas por servicio' });
    await user.click(screen.getByRole('radio', { name: 'Mes anterior' }));
    expect(await screen.findByText('No hay ventas en este periodo')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/billing/sales?from=2026-09-01&to=2026-09-30');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
