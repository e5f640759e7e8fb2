import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import PayLinkPage from './pay-link';
import OnlinePaymentResultPage from './online-payment-result';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const view = {
  clinicName: 'Clínica Demo',
  invoiceNumber: 'S2026-000002',
  concept: 'Consulta de dermatología — 02/03/2026',
  pendingCents: 5000,
  expiresAt: '2026-03-17T17:30:00.000Z',
  available: true,
};

describe('the payment link page', () => {
  it('shows the concept and what is pending, and pays by card through Redsys without signing in', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const form = {
      action: 'http://tpv.test/sis/realizarPago',
      fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'f' },
    };
    const { calls } = stubApi((call) =>
      call.method === 'POST' ? { status: 200, body: form } : { status: 200, body: view },
    );
    const { user } = renderScreen(<PayLinkPage />, { path: '/pagar/:token', at: '/pagar/abc' });
    expect(await screen.findByText('Consulta de dermatología — 02/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Pendiente: 50,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar con tarjeta la factura S2026-000002' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/public/payment-links/abc/online-payment',
      body: { method: 'tarjeta' },
    });
  });

  it('says when the link has expired, and when nothing is pending', async () => {
    stubApi(() => ({
      status: 404,
      body: {
        error: {
          code: 'NOT_FOUND',
          message: 'Este enlace de pago no es válido o ha caducado. Pide uno nuevo a la clínica.',
        },
      },
    }));
    renderScreen(<PayLinkPage />, { path: '/pagar/:token', at: '/pagar/abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent('ha caducado');
    cleanup();
    stubApi(() => ({ status: 200, body: { ...view, pendingCents: 0 } }));
    renderScreen(<PayLinkPage />, { path: '/pagar/:token', at: '/pagar/abc' });
    expect(await screen.findByText('Esta factura ya está pagada.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar con tarjeta/ })).not.toBeInTheDocument();
  });
});

describe('the page Redsys returns to', () => {
  const result = (state: string) => ({ state, amountCents: 5000, invoiceNumber: 'S2026-000002', method: 'bizum' });
  it.each([
    ['recibido', 'Pago recibido'],
    ['rechazado', 'Pago rechazado'],
    ['pendiente', 'Pago pendiente de confirmar'],
  ])('reads «%s» as «%s»', async (state, title) => {
    stubApi(() => ({ status: 200, body: result(state) }));
    renderScreen(<OnlinePaymentResultPage />, { path: '/pago/:id', at: '/pago/x' });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('50,00 € de la factura S2026-000002');
  });

  it('asks again while pending, until the notification has come', async () => {
    let answers = 0;
    stubApi(() => ({ status: 200, body: result(++answers < 2 ? 'pendiente' : 'recibido') }));
    renderScreen(<OnlinePaymentResultPage />, { path: '/pago/:id', at: '/pago/x' });
    expect(await screen.findByText('Pago pendiente de confirmar')).toBeInTheDocument();
    expect(await screen.findByText('Pago recibido', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
