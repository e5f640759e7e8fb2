import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(screen.getByText(/Lo pendiente puedes pagarlo aquí con tarjeta o Bizum/)).toBeInTheDocument();
  });

  it('pays what is pending by Bizum: the signed form goes to Redsys by a POST of the page', async () => {
    const form = {
      action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'firma' },
    };
    const submitted: HTMLFormElement[] = [];
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: form }
        : { status: 200, body: call.url === '/api/quotes' ? [] : list },
    );
    renderScreen(<MyInvoicesPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pagar con tarjeta o Bizum la factura F2026-000012' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pagar la factura F2026-000012' });
    expect(dialog).toHaveTextContent('Pendiente: 40,00 €');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar por Bizum la factura F2026-000012' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/invoices/inv-1/online-payment',
      body: { method: 'bizum' },
    });
    expect(submitted[0]!.method).toBe('post');
    expect(submitted[0]!.action).toBe(form.action);
    expect(new FormData(submitted[0]!).get('Ds_Signature')).toBe('firma');
    submit.mockRestore();
  });

  it('offers no online payment on what is paid', async () => {
    const paid = { ...invoice, paidCents: 6000, outstandingCents: 0, collection: 'pagada' as const };
    stubApi((call) => ({ status: 200, body: call.url === '/api/quotes' ? [] : { ...list, invoices: [paid] } }));
    renderScreen(<MyInvoicesPage />);
    await screen.findByRole('table', { name: 'Facturas' });
    expect(screen.queryByRole('button', { name: /Pagar con tarjeta o Bizum/ })).not.toBeInTheDocument();
  });
});
