import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import ConfirmEmailPage from './confirm-email';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';

describe('/auth/confirmar-correo', () => {
  it('confirms the token of the link once and says the record is linked', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { linked: true } }));
    renderScreen(<ConfirmEmailPage />, { path: '/auth/confirmar-correo', at: `/auth/confirmar-correo?token=${TOKEN}` });

    expect(await screen.findByRole('heading', { name: 'Correo confirmado' })).toBeInTheDocument();
    expect(screen.getByText(/Tu ficha de la clínica ya está enlazada a tu cuenta/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi área de paciente' })).toHaveAttribute(
      'href',
      '/pacientes/dashboard',
    );
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/email-confirmation', body: { token: TOKEN } }]);
  });

  it('says when the link is spent or expired', async () => {
    const message = 'El enlace para confirmar tu correo no es válido o ha caducado. Entra en tu área y pide uno nuevo.';
    stubApi(() => ({ status: 400, body: { error: { code: 'EMAIL_LINK_INVALID', message } } }));
    renderScreen(<ConfirmEmailPage />, { path: '/auth/confirmar-correo', at: `/auth/confirmar-correo?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('opened where nobody is signed in, asks to sign in with the account that asked and offers the way back', async () => {
    const message =
      'Para confirmar tu correo, inicia sesión en este navegador con la cuenta que pidió el enlace y vuelve a abrirlo. Si no has creado ninguna cuenta en la clínica, ignora el correo: tu ficha sigue protegida.';
    stubApi(() => ({ status: 401, body: { error: { code: 'EMAIL_LINK_SIGN_IN', message } } }));
    renderScreen(<ConfirmEmailPage />, { path: '/auth/confirmar-correo', at: `/auth/confirmar-correo?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'Ir a mi área de paciente' })).not.toBeInTheDocument();
  });
});
