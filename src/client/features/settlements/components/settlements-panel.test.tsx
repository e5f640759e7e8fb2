import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorSettlementRule, Settlement } from '../../../../common/schemas/settlements';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { MySettlements } from './my-settlements';
import { SettlementsPanel } from './settlements-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANA = '11111111-1111-4111-8111-111111111111';
const LUIS = '22222222-2222-4222-8222-222222222222';
const PEELING = '33333333-3333-4333-8333-333333333333';

const rules: DoctorSettlementRule[] = [
  {
    doctorId: ANA,
    doctorName: 'Dra. Ana Ruiz',
    rule: {
      basis: 'facturado',
      percentBp: 4000,
      insurerPercentBp: 2500,
      services: [{ serviceId: PEELING, percentBp: null, amountCents: 2500 }],
      updatedAt: '2026-10-01T08:00:00.000Z',
    },
  },
  { doctorId: LUIS, doctorName: 'Dr. Luis Gil', rule: null },
];

const draft: Settlement = {
  id: null,
  issuedAt: null,
  doctorId: ANA,
  doctorName: 'Dra. Ana Ruiz',
  month: '2026-10',
  basis: 'facturado',
  countedCents: 16_000,
  shareCents: 4_900,
  lines: [
    {
      source: 'factura',
      day: '2026-10-05',
      invoiceNumber: 'S2026-000001',
      patientName: 'Lucía Pérez',
      serviceName: 'Consulta',
      insurer: false,
      rule: '40 %',
      countedCents: 6_000,
      shareCents: 2_400,
    },
    {
      source: 'factura',
      day: '2026-10-10',
      invoiceNumber: 'S2026-000002',
      patientName: 'Lucía Pérez',
      serviceName: 'Peeling químico',
      insurer: false,
      rule: '25,00 € por acto',
      countedCents: 10_000,
      shareCents: 2_500,
    },
  ],
};

describe('«Liquidaciones»', () => {
  it('lists each doctor’s rule, prepares last month’s settlement on 2 November and issues it', async () => {
    fixClock('2026-11-02T18:30:00Z');
    const { calls } = stubApi((call) => {
      if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
      if (call.url === '/api/settlements/rules') return { status: 200, body: rules };
      if (call.url === '/api/settlements' && call.method === 'GET') return { status: 200, body: [] };
      if (call.url === '/api/services') return { status: 200, body: [] };
      if (call.url === `/api/settlements/draft?doctorId=${ANA}&month=2026-10`) return { status: 200, body: draft };
      if (call.url === '/api/settlements' && call.method === 'POST') {
        return { status: 201, body: { ...draft, id: 's-1', issuedAt: '2026-11-02T18:31:00.000Z' } };
      }
      return { status: 404, body: {} };
    });
    renderScreen(<SettlementsPanel />);
    const table = await screen.findByRole('table', { name: 'Liquidaciones de profesionales' });
    const ana = within(table).getByText('Dra. Ana Ruiz').closest('tr')!;
    expect(
      within(ana).getByText('40 % sobre lo facturado · aseguradoras 25 % · 1 servicio(s) con regla propia'),
    ).toBeInTheDocument();
    expect(within(ana).getByText('Sin emitir')).toBeInTheDocument();
    const luis = within(table).getByText('Dr. Luis Gil').closest('tr')!;
    expect(within(luis).getByText('Sin regla: no se liquida')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveValue('octubre de 2026');
    expect(screen.getByRole('link', { name: 'Exportar el mes (CSV)' })).toHaveAttribute(
      'href',
      '/api/settlements/csv?month=2026-10',
    );

    await userEvent.click(within(ana).getByRole('button', { name: 'Preparar' }));
    const lines = await screen.findByRole('table', { name: 'Líneas de la liquidación de Dra. Ana Ruiz' });
    const total = within(lines).getAllByRole('row').at(-1)!;
    expect(within(total).getByText('160,00 €')).toBeInTheDocument();
    expect(within(total).getByText('49,00 €')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Emitir liquidación' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ doctorId: ANA, month: '2026-10' });
  });

  it('shows the server’s refusal above the buttons when the month is not over', async () => {
    fixClock('2026-10-31T19:00:00Z');
    stubApi((call) => {
      if (call.url === '/api/public/clinic') return { status: 200, body: { timeZone: 'Europe/Madrid' } };
      if (call.url === '/api/settlements/rules') return { status: 200, body: rules };
      if (call.url === '/api/settlements' && call.method === 'GET') return { status: 200, body: [] };
      if (call.url === '/api/services') return { status: 200, body: [] };
      if (call.url.startsWith('/api/settlements/draft')) return { status: 200, body: { ...draft, month: '2026-09' } };
      if (call.method === 'POST') {
        return {
          status: 409,
          body: {
            error: {
              code: 'MONTH_NOT_OVER',
              message: 'El mes aún no ha terminado: se liquida a partir del 1 de noviembre',
            },
          },
        };
      }
      return { status: 404, body: {} };
    });
    renderScreen(<SettlementsPanel />);
    // On 31 October (Madrid's evening) the default is September, the last month over.
    expect(await screen.findByRole('combobox', { name: 'Mes' })).toHaveValue('septiembre de 2026');
    await userEvent.click(await screen.findByRole('button', { name: 'Preparar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Emitir liquidación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El mes aún no ha terminado');
  });
});

describe('«Mis liquidaciones»', () => {
  it('lists the doctor’s settlements, opens one with its CSV, and never offers to issue', async () => {
    stubApi((call) => {
      if (call.url === '/api/settlements') {
        return {
          status: 200,
          body: [
            {
              id: 's-1',
              doctorId: ANA,
              doctorName: 'Dra. Ana Ruiz',
              month: '2026-10',
              basis: 'facturado',
              countedCents: 16_000,
              shareCents: 4_900,
              issuedAt: '2026-11-02T18:31:00.000Z',
            },
          ],
        };
      }
      if (call.url === '/api/settlements/s-1') {
        return { status: 200, body: { ...draft, id: 's-1', issuedAt: '2026-11-02T18:31:00.000Z' } };
      }
      return { status: 404, body: {} };
    });
    renderScreen(<MySettlements />);
    const table = await screen.findByRole('table', { name: 'Mis liquidaciones' });
    const row = within(table).getByText('octubre de 2026').closest('tr')!;
    expect(within(row).getByText('49,00 €')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Ver' }));
    expect(await screen.findByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/settlements/s-1/csv',
    );
    expect(screen.queryByRole('button', { name: 'Emitir liquidación' })).not.toBeInTheDocument();
  });
});
