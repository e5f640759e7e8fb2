import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecondFactorChallenge } from '../../../../common/schemas/second-factor';
import { renderScreen, stubApi } from '../../../test/render';
import { SecondFactorStep } from './second-factor-step';

const challenge = (methods: SecondFactorChallenge['methods']): SecondFactorChallenge => ({
  mode: 'verify',
  methods,
  expiresAt: '2030-01-07T09:05:00.000Z',
});
const session = { user: { id: 'u1' }, profile: { id: 'u1', role: 'doctor' } };

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the second step of the sign-in', () => {
  it('takes the app’s code from the keyboard or autofill and sends it at the sixth digit', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: session }));
    const onDone = vi.fn();
    const { user } = renderScreen(
      <SecondFactorStep challenge={challenge(['totp', 'recovery'])} onDone={onDone} onRestart={vi.fn()} />,
    );
    const field = screen.getByRole('textbox', { name: /Código de tu app de autenticación/ });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '123 45');
    expect(calls).toEqual([]);
    await user.type(field, '6');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(session));
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/second-factor/totp', body: { code: '123456' } }]);
    // The method is remembered for the next sign-in on this browser.
    expect(window.localStorage.getItem('clinica:segundo-factor')).toBe('totp');
  });

  it('offers the passkey first when the account has one, and the app’s code when this browser used it last', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderScreen(
      <SecondFactorStep challenge={challenge(['passkey', 'totp', 'recovery'])} onDone={vi.fn()} onRestart={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Usar mi llave de acceso' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Código de tu app/ })).not.toBeInTheDocument();
    cleanup();

    window.localStorage.setItem('clinica:segundo-factor', 'totp');
    renderScreen(
      <SecondFactorStep challenge={challenge(['passkey', 'totp', 'recovery'])} onDone={vi.fn()} onRestart={vi.fn()} />,
    );
    expect(screen.getByRole('textbox', { name: /Código de tu app/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usar una llave de acceso' })).toBeInTheDocument();
  });

  it('says a wrong code in Spanish and lets the user type another; an expired step goes back to the password', async () => {
    let answer = {
      status: 400,
      body: {
        error: {
          code: 'WRONG_CODE',
          message: 'El código no es correcto. Escribe el que muestra ahora tu app: cambia cada 30 segundos.',
        },
      },
    };
    stubApi(() => answer);
    const onRestart = vi.fn();
    const { user } = renderScreen(
      <SecondFactorStep challenge={challenge(['totp'])} onDone={vi.fn()} onRestart={onRestart} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Código de tu app/ }), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es correcto');
    expect(screen.getByRole('textbox', { name: /Código de tu app/ })).toHaveValue('');

    answer = {
      status: 400,
      body: {
        error: {
          code: 'SECOND_FACTOR_EXPIRED',
          message: 'Ha pasado demasiado tiempo desde que escribiste la contraseña. Vuelve a iniciar sesión.',
        },
      },
    };
    await user.type(screen.getByRole('textbox', { name: /Código de tu app/ }), '222222');
    await user.click(await screen.findByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(onRestart).toHaveBeenCalled();
  });
});
