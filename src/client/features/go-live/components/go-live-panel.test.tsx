import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoLiveCheck, GoLiveView } from '../../../../common/schemas/go-live';
import { renderScreen, stubApi } from '../../../test/render';
import { GoLivePanel } from './go-live-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const check = (id: GoLiveCheck['id'], title: string, state: GoLiveCheck['state'], fix: string | null = null) => ({
  id,
  title,
  state,
  detail: `Detalle de ${title}`,
  fix,
});

const missingEmail: GoLiveView = {
  ready: false,
  adminEmail: 'gerencia@clinica.test',
  smsConfigured: true,
  checks: [
    check('public-url', 'Dirección pública con HTTPS (PUBLIC_URL)', 'correcto'),
    check('email', 'Envío de correo', 'falta', 'Pulsa «Enviar un correo de prueba».'),
    check('sms', 'Envío de SMS', 'aviso', 'Envía un SMS de prueba.'),
  ],
};
const allDone: GoLiveView = {
  ...missingEmail,
  ready: true,
  checks: missingEmail.checks.map((item) => ({ ...item, state: 'correcto' as const, fix: null })),
};

describe('«Puesta en marcha»', () => {
  it('lists each check with its state in words and how to fix it; the test e-mail turns the page green', async () => {
    let sent = false;
    const { calls } = stubApi((call) => {
      if (call.method === 'POST') {
        sent = true;
        return { status: 200, body: { sent: true, detail: 'Correo de prueba enviado a gerencia@clinica.test.' } };
      }
      return { status: 200, body: sent ? allDone : missingEmail };
    });
    const { user } = renderScreen(<GoLivePanel />);

    expect(await screen.findByText('Faltan 1 cosa antes de abrir a los pacientes')).toBeInTheDocument();
    const email = screen.getByRole('listitem', { name: 'Envío de correo' });
    expect(within(email).getByText('Falta')).toBeInTheDocument();
    expect(within(email).getByText('Pulsa «Enviar un correo de prueba».')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Envío de SMS' })).getByText('Aviso')).toBeInTheDocument();
    expect(screen.getByText(/gerencia@clinica\.test/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar un correo de prueba' }));
    expect(await screen.findByText('Correo de prueba enviado a gerencia@clinica.test.')).toBeInTheDocument();
    expect(await screen.findByText('Todo listo para abrir a los pacientes')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/settings/go-live/email-test', body: {} },
    ]);
  });

  it('shows the server’s message on the phone field of the SMS test', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Revisa los datos enviados.',
                fields: { phone: 'Introduce un teléfono válido (solo números, espacios y +)' },
              },
            },
          }
        : { status: 200, body: missingEmail },
    );
    const { user } = renderScreen(<GoLivePanel />);
    await user.type(await screen.findByRole('textbox', { name: 'Móvil para el SMS de prueba' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Enviar un SMS de prueba' }));
    expect(await screen.findByText('Introduce un teléfono válido (solo números, espacios y +)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/settings/go-live/sms-test', body: { phone: 'abc' } },
    ]);
  });
});
