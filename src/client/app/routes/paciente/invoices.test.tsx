import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceList } from '../../../../common/schemas/invoices';
import { renderScreen, stubApi } from '../../../test/render';
import MyInvoicesPage from './invoices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invoice = {
  id: 'inv-1',
  number: 'F2026-000012',
  type: 'F1' as const,
  issueDate: '2026-03-03',
  patientId: 'p-1',
  patientName: 'Lucía Pérez',
  baseCents: 6000,
  taxCents: 0,
  totalCents: 6000,
  paidCents: 2000,
  outstandingCents: 4000,
  rectifies: null,
  substitutedByNumber: null,
  concept: 'Primera visita de dermatología — 03/03/2026, Dra. Ana Ruiz',
  state: 'emitida' as const,
  collection: 'pago_parcial' as const,
};
const list: InvoiceList = {
  invoices: [invoice],
  totals: { count: 1, baseCents: 6000, taxCents: 0, totalCents: 6000 },
};

describe('«Mis facturas»', () => {
  it('says what each invoice is for, what is still to pay and where she pays it', async () => {
    stubApi((call) => (call.url.startsWith('/api/invoices') ? { status: 200, body: list } : { status: 404, body: {} }));
    renderScreen(<MyInvoicesPage />);
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const row = within(table).getByText('F2026-000012').closest('tr')!;
    expect(within(row).getByText(invoice.concept)).toBeInTheDocument();
    expect(row).toHaveTextContent('40,00 €');
    expect(within(row).getByText('Pago parcial')).toBeInTheDocument();
    // Her list names no patient: it is all hers.
    expect(within(table).queryByText('Lucía Pérez')).not.toBeInTheDocument();
    expect(
      screen.getByText('Lo pendiente se paga en la recepción de la clínica, en efectivo, con tarjeta o por Bizum.'),
    ).toBeInTheDocument();
  });
});
