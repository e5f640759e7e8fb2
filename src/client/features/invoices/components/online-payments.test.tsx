import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary } from '../../../../common/schemas/invoices';
import { renderScreen, stubApi } from '../../../test/render';
import { PaymentLinkButtons } from './payment-link-buttons';
import { RedsysSettingsCard } from './redsys-settings-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invoice = { id: 'inv-9', number: 'S2026-000009', outstandingCents: 4000 } as InvoiceSummary;

describe('«Enviar enlace de pago»', () => {
  it('sends the link by SMS and says where it went and until when', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      body: { sentTo: '+34600111222', expiresAt: '2026-03-17T17:30:00.000Z' },
    }));
    const { user } = renderScreen(<PaymentLinkButtons invoice={invoice} />);
    await user.click(screen.getByRole('button', { name: 'Enviar enlace por SMS' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enlace enviado a +34600111222. Caduca el 17/03/2026');
    expect(calls).toEqual([{ method: 'POST', url: '/api/invoices/inv-9/payment-link', body: { channel: 'sms' } }]);
  });

  it('says why it could not be sent', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Revisa los datos',
          fields: { channel: 'La paciente no tiene correo electrónico' },
        },
      },
    }));
    const { user } = renderScreen(<PaymentLinkButtons invoice={invoice} />);
    await user.click(screen.getByRole('button', { name: 'Enviar enlace por correo' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('the TPV in Configuración', () => {
  it('never shows the secret: says there is one, and keeps it when left empty', async () => {
    const saved = { merchantCode: '999008881', terminal: '1', environment: 'pruebas', secretSet: true };
    const { calls } = stubApi((call) => ({
      status: 200,
      body: call.method === 'PUT' ? { ...saved, merchantCode: '123456789' } : saved,
    }));
    const { user } = renderScreen(<RedsysSettingsCard />);
    expect(await screen.findByText('Hay una clave guardada: déjalo vacío para conservarla.')).toBeInTheDocument();
    const code = screen.getByLabelText('Número de comercio (FUC)');
    await user.clear(code);
    await user.type(code, '123456789');
    await user.click(screen.getByRole('button', { name: 'Guardar el TPV' }));
    expect(await screen.findByText('TPV guardado.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/settings/redsys',
      body: { merchantCode: '123456789', terminal: '1', environment: 'pruebas', secret: '' },
    });
  });
});
