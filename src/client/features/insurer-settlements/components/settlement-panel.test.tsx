import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettlementInvoice, SettlementPreview } from '../../../../common/schemas/insurer-visits';
import { renderScreen, stubApi } from '../../../test/render';
import { previousMonth, SettlementPanel } from './settlement-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const INSURERS = [
  {
    id: 'i-sanitas',
    name: 'Sanitas',
    taxId: 'A28037042',
    address: 'x',
    requiresAuthorization: true,
    copayCents: 500,
    active: true,
    tariffs: [],
    patientCount: 2,
  },
];
const visit = (id: string, startsAt: string, authorizationNumber: string) => ({
  appointmentId: id,
  startsAt,
  patientName: 'Ana Pérez',
  cardNumber: 'SAN-1',
  serviceName: 'Consulta',
  authorizationNumber,
  priceCents: 4000,
});
const PREVIEW: SettlementPreview = {
  insurerId: 'i-sanitas',
  insurerName: 'Sanitas',
  month: '2026-10',
  visits: [visit('a-1', '2026-10-14T08:00:00.000Z', 'AUT-1'), visit('a-2', '2026-10-31T22:30:00.000Z', 'AUT-2')],
  totalCents: 8000,
  blocked: null,
  invoices: [{ id: 'inv-1', number: 'A2026-000001', issueDate: '2026-10-02', totalCents: 4000, visits: 1, pending: 1 }],
};
const INVOICE: SettlementInvoice = {
  id: 'inv-1',
  number: 'A2026-000001',
  insurerName: 'Sanitas',
  totalCents: 4000,
  visits: [
    { ...visit('a-0', '2026-09-10T08:00:00.000Z', 'AUT-0'), position: 1, outcome: null, resolution: null, reason: '' },
  ],
};

describe('«Liquidación de aseguradoras»', () => {
  it('settles last month by default', () => {
    expect(previousMonth('2026-11-02')).toBe('2026-10');
    expect(previousMonth('2027-01-15')).toBe('2026-12');
  });

  it('lists the month’s visits in the clinic’s zone with the total, and issues the invoice', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/insurers') return { status: 200, body: INSURERS };
      if (call.url.startsWith('/api/insurer-settlements?')) return { status: 200, body: PREVIEW };
      if (call.method === 'POST') return { status: 201, body: { id: 'inv-2', number: 'A2026-000002' } };
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<SettlementPanel today="2026-11-02" timeZone="Europe/Madrid" />);
    await user.click(await screen.findByRole('combobox', { name: 'Aseguradora' }));
    await user.click(await screen.findByRole('option', { name: 'Sanitas' }));
    const table = await screen.findByRole('table', { name: 'Visitas por liquidar' });
    expect(within(table).getByText('31/10/2026')).toBeInTheDocument();
    expect(within(table).getByText('AUT-2')).toBeInTheDocument();
    expect(within(table).getByText(/Total \(2 visitas\)/)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/insurer-settlements?insurerId=i-sanitas&month=2026-10')).toBe(true);
    await user.click(screen.getByRole('button', { name: /Emitir factura \(80,00\s€\)/ }));
    expect(await screen.findByText('Factura A2026-000002 emitida')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ insurerId: 'i-sanitas', month: '2026-10' });
  });

  it('reconciles an invoice visit by visit: a refusal written off with its reason', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/insurers') return { status: 200, body: INSURERS };
      if (call.url.startsWith('/api/insurer-settlements?')) return { status: 200, body: PREVIEW };
      if (call.url === '/api/insurer-settlements/invoices/inv-1') return { status: 200, body: INVOICE };
      if (call.method === 'POST') return { status: 200, body: INVOICE };
      return { status: 404, body: {} };
    });
    const { user } = renderScreen(<SettlementPanel today="2026-11-02" timeZone="Europe/Madrid" />);
    await user.click(await screen.findByRole('combobox', { name: 'Aseguradora' }));
    await user.click(await screen.findByRole('option', { name: 'Sanitas' }));
    await user.click(await screen.findByRole('button', { name: 'Conciliar A2026-000001' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Guardar conciliación' })).toBeDisabled();
    await user.click(within(dialog).getByText('Rechazada'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Qué se hace' }));
    await user.click(await screen.findByRole('option', { name: 'Dada de baja' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' }), 'Fuera de plazo');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar conciliación' }));
    const post = await vi.waitFor(() => calls.find((call) => call.method === 'POST')!);
    expect(post.url).toBe('/api/insurer-settlements/invoices/inv-1/reconciliation');
    expect(post.body).toEqual({
      lines: [{ appointmentId: 'a-0', outcome: 'rechazada', resolution: 'baja', reason: 'Fuera de plazo' }],
    });
  });
});
