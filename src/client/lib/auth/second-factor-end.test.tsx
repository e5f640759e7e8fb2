import '../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../common/schemas/auth';
import { renderScreen, stubApi } from '../../test/render';
import { apiFetch } from '../api-client';
import { RequireRole } from './require-role';
import { markSessionEnded, sessionEndReason } from './session-end';

// Issue 33: with «Exigir segundo factor al personal» turned on, a signed-in staff member without one is
// taken to set it up at her next request. The server ends the session and says why (`x-session-ended`).
const nobody: SessionState = { user: null, profile: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('a session ended for a second factor now required', () => {
  it('the answer that ended it is remembered as the reason', async () => {
    stubApi(() => ({
      status: 401,
      headers: { 'x-session-ended': 'second-factor' },
      body: { error: { code: 'SECOND_FACTOR_SETUP_REQUIRED', message: 'La clínica exige ahora un segundo factor' } },
    }));
    await expect(apiFetch('/api/patients')).rejects.toThrow('La clínica exige ahora un segundo factor');
    expect(sessionEndReason()).toBe('second-factor');
  });

  it('the area’s guard takes her to the sign-in page (not the landing page), keeping where she was', async () => {
    markSessionEnded('second-factor');
    stubApi(() => ({ status: 200, body: nobody }));
    const { router } = renderScreen(<RequireRole roles={['admin']} />, {
      path: '/admin/pacientes',
      session: nobody,
      routes: [
        { path: '/auth/login', element: <p>Página de acceso</p> },
        { path: '/', element: <p>Portada</p> },
      ],
    });
    expect(await screen.findByText('Página de acceso')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/admin/pacientes', search: '', hash: '' } });
  });
});
