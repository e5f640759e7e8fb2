import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../../common/messages';
import { apiFetch, errorMessageOf } from '../../../lib/api-client';
import { renderScreen, stubApi } from '../../../test/render';
import { EndOtherSessionsOffer } from './end-other-sessions-offer';
import { StepUpDialog } from './step-up-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STEP_UP = { status: 403, body: { error: { code: 'STEP_UP_REQUIRED', message: ERROR_CODES.STEP_UP_REQUIRED } } };

/** A change of factors as any screen makes it: one `apiFetch`, its outcome shown. */
function RemoveApp() {
  const [outcome, setOutcome] = useState('');
  const remove = () =>
    apiFetch('/api/profile/second-factor/totp', { method: 'DELETE' }).then(
      () => setOutcome('App quitada'),
      (error: unknown) => setOutcome(errorMessageOf(error)),
    );
  return (
    <>
      <button onClick={() => void remove()}>Quitar la app</button>
      <output>{outcome}</output>
      <StepUpDialog />
    </>
  );
}

describe('«Confirma que eres tú»', () => {
  it('asks for the password when the server wants a fresh proof, says when it is wrong, then the change continues', async () => {
    let proved = false;
    const { calls } = stubApi(({ method, url, body }) => {
      if (url === '/api/profile/step-up' && method === 'GET')
        return { status: 200, body: { provenUntil: null, methods: ['password', 'totp', 'recovery'] } };
      if (url === '/api/profile/step-up') {
        proved = (body as { password?: string }).password === 'mi clave buena';
        return proved
          ? { status: 200, body: { provenUntil: '2030-01-07T09:05:00.000Z', methods: ['password'] } }
          : { status: 400, body: { error: { code: 'WRONG_PASSWORD', message: 'Contraseña incorrecta' } } };
      }
      return proved ? { status: 204 } : STEP_UP;
    });
    const { user } = renderScreen(<RemoveApp />);
    await user.click(screen.getByRole('button', { name: 'Quitar la app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirma que eres tú' });
    expect(await screen.findByRole('textbox', { name: 'Código de tu app' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');

    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'mi clave buena');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('App quitada'));
    expect(dialog).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('leaves the change undone, with the server’s reason, when cancelled', async () => {
    stubApi(({ method, url }) =>
      url === '/api/profile/step-up' && method === 'GET'
        ? { status: 200, body: { provenUntil: null, methods: ['password'] } }
        : STEP_UP,
    );
    const { user } = renderScreen(<RemoveApp />);
    await user.click(screen.getByRole('button', { name: 'Quitar la app' }));
    await screen.findByRole('dialog', { name: 'Confirma que eres tú' });
    expect(screen.queryByRole('button', { name: 'Usar mi llave de acceso' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ERROR_CODES.STEP_UP_REQUIRED));
  });
});

describe('after turning a second factor on', () => {
  it('offers «Cerrar las demás sesiones» and says how many it closed', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: { ended: 2 } }));
    const { user } = renderScreen(<EndOtherSessionsOffer onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar las demás sesiones' }));
    expect(await screen.findByText(/Se han cerrado 2 sesiones\./)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: '/api/me/sessions/end-others', body: undefined }]);
  });
});
