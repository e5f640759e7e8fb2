import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BooksSummary, Model347 } from '../../../../common/schemas/books';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { BooksPanel } from './books-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (from: string, to: string, mode: BooksSummary['mode'] = 'produccion'): BooksSummary => ({
  from,
  to,
  mode,
  vat303: {
    general: [
      { rate: 4, boxes: ['01', '02', '03'], baseCents: 2000, taxCents: 80 },
      { rate: 10, boxes: ['04', '05', '06'], baseCents: 5000, taxCents: 500 },
      { rate: 21, boxes: ['07', '08', '09'], baseCents: 10000, taxCents: 2100 },
    ],
    modifications: { baseCents: -12000, taxCents: -2180 },
    totalTaxCents: 500,
    exemptCents: 298000,
  },
  invoices: { count: 6, baseCents: 303000, taxCents: 500, totalCents: 303500 },
  payments: {
    byMethod: { efectivo: 5000, tarjeta: 7000, transferencia: 10000, bizum: 2000 },
    totalCents: 24000,
    count: 5,
  },
});

const model: Model347 = {
  year: 2026,
  thresholdCents: 300506,
  customers: [{ taxId: '12345678Z', name: 'Ana Ruiz', totalCents: 307550, quarters: [6050, 301500, 0, 0] }],
  belowThreshold: [0, 0, 0, 0],
  withoutTaxId: [0, 2000, 0, 0],
};

function stubBooks(mode: BooksSummary['mode'] = 'produccion') {
  return stubApi((call) => {
    const url = new URL(call.url, 'http://clinica.test');
    if (url.pathname === '/api/books/summary')
      return { status: 200, body: summary(url.searchParams.get('from')!, url.searchParams.get('to')!, mode) };
    if (url.pathname === '/api/books/347') return { status: 200, body: model };
    return { status: 200, body: { timeZone: 'Europe/Madrid' } };
  });
}

describe('«Libros»', () => {
  it('opens on the clinic’s quarter, even when it is still the one before in UTC, with its 303 and downloads', async () => {
    // 00:30 on 1 April in Madrid: 31 March in UTC.
    fixClock('2026-04-01T00:30:00+02:00');
    const { calls } = stubBooks();
    renderScreen(<BooksPanel />);
    const table = await screen.findByRole('table', { name: 'Modelo 303: IVA devengado' });
    expect(screen.queryByText('Facturación en pruebas')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/books/summary?from=2026-04-01&to=2026-06-30');
    expect(
      screen.getByText('Del 1 de abril de 2026 al 30 de junio de 2026, por fecha de expedición.'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Régimen general al 21 %').closest('tr')).toHaveTextContent(
      '[07] [08] [09]100,00 €21,00 €',
    );
    expect(within(table).getByText('Total cuota devengada').closest('tr')).toHaveTextContent('[27]5,00 €');
    expect(
      within(table)
        .getByText(/Modificación de bases/)
        .closest('tr'),
    ).toHaveTextContent('-120,00 €-21,80 €');
    expect(screen.getByRole('link', { name: 'Libro registro de facturas expedidas (Excel)' })).toHaveAttribute(
      'href',
      '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30&formato=xlsx',
    );
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      '/api/books/libro-expedidas?from=2026-04-01&to=2026-06-30&formato=csv',
    );
    const customers = await screen.findByRole('table', { name: 'Modelo 347 de 2026' });
    expect(within(customers).getByText('12345678Z').closest('tr')).toHaveTextContent(
      'Ana Ruiz60,50 €3015,00 €0,00 €0,00 €3075,50 €',
    );
  });

  it('moves to another quarter or the whole year', async () => {
    fixClock('2026-05-10T12:00:00+02:00');
    const { calls } = stubBooks();
    const { user } = renderScreen(<BooksPanel />);
    await screen.findByRole('table', { name: 'Modelo 303: IVA devengado' });
    await user.click(screen.getByText('1.er trimestre'));
    expect(calls.map((call) => call.url)).toContain('/api/books/summary?from=2026-01-01&to=2026-03-31');
    await user.click(screen.getByText('Año completo'));
    expect(calls.map((call) => call.url)).toContain('/api/books/summary?from=2026-01-01&to=2026-12-31');
    expect(screen.getByRole('table', { name: 'Cobros del periodo por forma de pago' })).toHaveTextContent(
      'Total (5 cobros)240,00 €',
    );
    await user.click(screen.getByText('Otro periodo'));
    expect(screen.getByText('Elige las fechas del periodo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechas' })).toBeInTheDocument();
  });

  it('says so when the clinic is still in pruebas: its books count invoices without fiscal value', async () => {
    fixClock('2026-12-31T21:00:00+01:00');
    stubBooks('pruebas');
    renderScreen(<BooksPanel />);
    await screen.findByRole('table', { name: 'Modelo 303: IVA devengado' });
    expect(screen.getByText('Facturación en pruebas')).toBeInTheDocument();
    expect(screen.getByText(/cuentan las facturas de pruebas, sin valor fiscal/)).toBeInTheDocument();
  });
});
