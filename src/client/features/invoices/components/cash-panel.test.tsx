import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CashClosing, CashDay } from '../../../../common/schemas/payments';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { CashPanel } from './cash-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none = { efectivo: 0, tarjeta: 0, transferencia: 0, bizum: 0 };

const closing: CashClosing = {
  id: 'c-1',
  shift: 1,
  closedAt: '2026-03-04T13:00:00.000Z',
  closedByName: 'Rosa Recepción',
  payments: 2,
  expected: { ...none, efectivo: 5000, tarjeta: 3000 },
  counted: { ...none, efectivo: 4500, tarjeta: 3000 },
  difference: { ...none, efectivo: -500 },
  expectedCents: 8000,
  countedCents: 7500,
  differenceCents: -500,
  note: 'Faltan 5 €',
  reopened: null,
};

/** Wednesday 4 March 2026: a morning shift closed 5 € short, and 20 € taken by Bizum in the afternoon. */
const day: CashDay = {
  day: '2026-03-04',
  expected: { ...none, efectivo: 5000, tarjeta: 3000, bizum: 2000 },
  totalCents: 10000,
  payments: 3,
  byDoctor: [{ doctorId: 'd-1', doctorName: 'Dra. Ana Caja', amountCents: 10000 }],
  open: { expected: { ...none, bizum: 2000 }, totalCents: 2000, payments: 1 },
  closings: [closing],
};

function stubCash() {
  return stubApi((call) => {
    if (call.url.startsWith('/api/billing/cash')) return { status: 200, body: day };
    return { status: 200, body: { timeZone: 'Europe/Madrid' } };
  });
}

describe('«Caja»', () => {
  it('shows the closed shift with its difference, and asks the next one’s counts empty', async () => {
    fixClock('2026-03-04T18:00:00+01:00');
    stubCash();
    renderScreen(<CashPanel />);
    const closings = await screen.findByRole('table', { name: 'Cierres de caja del día' });
    const row = within(closings).getByText('Turno 1').closest('tr')!;
    expect(row).toHaveTextContent('−5,00 € (falta)');
    expect(row).toHaveTextContent('Rosa Recepción');
    expect(screen.getByRole('heading', { name: 'Cerrar el turno 2' })).toBeInTheDocument();
    for (const name of ['efectivo', 'tarjeta', 'transferencia', 'bizum'])
      expect(screen.getByRole('textbox', { name: `Contado: ${name}` })).toHaveValue('');
  });

  it('refuses an empty count, then confirms with the difference before closing', async () => {
    fixClock('2026-03-04T21:00:00+01:00');
    const { calls } = stubCash();
    const { user } = renderScreen(<CashPanel />);
    await user.click(await screen.findByRole('button', { name: 'Cerrar la caja' }));
    expect(screen.getAllByText('Escribe lo contado (0 si no hay)')).toHaveLength(4);
    for (const [name, value] of [
      ['efectivo', '0'],
      ['tarjeta', '0'],
      ['transferencia', '0'],
      ['bizum', '25'],
    ] as const)
      await user.type(screen.getByRole('textbox', { name: `Contado: ${name}` }), value);
    await user.click(screen.getByRole('button', { name: 'Cerrar la caja' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar la caja?' });
    const bizum = within(dialog).getByText('Bizum').closest('tr')!;
    expect(bizum).toHaveTextContent('Bizum20,00 €25,00 €+5,00 € (sobra)');
    expect(dialog).toHaveTextContent('La diferencia (+5,00 € (sobra)) queda guardada con el cierre.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar el cierre' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/billing/cash/close',
        body: { day: '2026-03-04', counted: { ...none, bizum: 2500 }, note: '' },
      },
    ]);
  });

  it('reopens a closing only with a reason', async () => {
    fixClock('2026-03-04T21:00:00+01:00');
    const { calls } = stubCash();
    const { user } = renderScreen(<CashPanel />);
    await user.click(await screen.findByRole('button', { name: 'Reabrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir el cierre del turno 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir el cierre' }));
    expect(within(dialog).getByText('Escribe el motivo de la reapertura (al menos 5 caracteres)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la reapertura/ }), 'Recuento mal hecho');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir el cierre' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/billing/cash/closings/c-1/reopen', body: { reason: 'Recuento mal hecho' } },
    ]);
  });
});
