import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Debts } from '../../../../common/schemas/debts';
import { renderScreen, stubApi } from '../../../test/render';
import { DebtsPanel } from './debts-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const debts: Debts = {
  today: '2026-03-31',
  timeZone: 'Europe/Madrid',
  patients: [
    {
      patientId: 'p-lucia',
      patientName: 'Lucía Pérez',
      upTo30: 3000,
      from31To60: 10000,
      from61To90: 0,
      over90: 7000,
      totalCents: 20000,
      invoices: 3,
    },
    {
      patientId: 'p-marta',
      patientName: 'Marta Gil',
      upTo30: 1500,
      from31To60: 0,
      from61To90: 0,
      over90: 0,
      totalCents: 1500,
      invoices: 1,
    },
  ],
  totals: { upTo30: 4500, from31To60: 10000, from61To90: 0, over90: 7000, totalCents: 21500, invoices: 4 },
  insurers: [
    {
      insurerId: 'i-sanitas',
      insurerName: 'Sanitas',
      upTo30: 0,
      from31To60: 12000,
      from61To90: 0,
      over90: 0,
      totalCents: 12000,
      invoices: 1,
    },
  ],
  insurerTotals: { upTo30: 0, from31To60: 12000, from61To90: 0, over90: 0, totalCents: 12000, invoices: 1 },
};

describe('«Deudas»', () => {
  it('shows each patient’s debt by age with a link to her page, the total row and the CSV', async () => {
    stubApi((call) => (call.url === '/api/billing/debts' ? { status: 200, body: debts } : { status: 404, body: {} }));
    renderScreen(<DebtsPanel />);
    const table = await screen.findByRole('table', { name: 'Deudas por paciente' });
    expect(screen.getByText(/Lo que debe cada paciente a 31 de marzo de 2026/)).toBeInTheDocument();
    const lucia = within(table).getByRole('link', { name: 'Lucía Pérez' });
    expect(lucia).toHaveAttribute('href', '/admin/pacientes/p-lucia#patient-billing-title');
    const row = lucia.closest('tr')!;
    expect(within(row).getByText('100,00 €')).toBeInTheDocument();
    expect(within(row).getByText('200,00 €')).toBeInTheDocument();
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(within(total).getByText('45,00 €')).toBeInTheDocument();
    expect(within(total).getByText('215,00 €')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/billing/debts/csv');
  });

  it('shows what each insurer owes by age apart, without a patient’s link', async () => {
    stubApi((call) => (call.url === '/api/billing/debts' ? { status: 200, body: debts } : { status: 404, body: {} }));
    renderScreen(<DebtsPanel />);
    const table = await screen.findByRole('table', { name: 'Deudas por aseguradora' });
    const row = within(table).getByText('Sanitas').closest('tr')!;
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getAllByText('120,00 €')).toHaveLength(2);
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(within(total).getAllByText('120,00 €')).toHaveLength(2);
  });

  it('says so when nobody owes anything', async () => {
    stubApi(() => ({
      status: 200,
      body: {
        ...debts,
        patients: [],
        totals: { ...debts.totals, upTo30: 0, from31To60: 0, over90: 0, totalCents: 0 },
        insurers: [],
      },
    }));
    renderScreen(<DebtsPanel />);
    expect(await screen.findByText('Ningún paciente debe nada')).toBeInTheDocument();
  });
});
