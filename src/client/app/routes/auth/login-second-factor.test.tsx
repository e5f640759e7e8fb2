import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../../common/schemas/auth';
import { secondFactorApi } from '../../../../common/second-factor-paths';
import { markSessionEnded } from '../../../lib/auth/session-end';
import { renderScreen, stubApi } from '../../../test/render';
import LoginPage from './login';

// Issue 33: a session the server ended because the clinic now requires a second factor the account lacks
// (`x-session-ended: second-factor`, remembered by the API client) brings her to this page's set-up step.
const nobody: SessionState = { user: null, profile: null };

// The card is a lazy chunk: loaded once before, so the test waits for the page, not for the transform of the chunk
// (which took over a second in the full suite on a busy machine).
beforeAll(async () => {
  await import('./second-factor-card');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the sign-in page after a session ended for a second factor', () => {
  it('the sign-in page opens the set-up step at once', async () => {
    markSessionEnded('second-factor');
    // The set-up step may ask for an authenticator's enrolment at once: it gets one, not the session's answer (which
    // crashed the step when that request answered before the heading was read — the test's flakiness on a busy machine).
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Cl%C3%ADnica?secret=JBSWY3DPEHPK3PXP',
      qr: '',
    };
    stubApi((call) => ({ status: 200, body: call.url === secondFactorApi.setupTotp ? enrolment : nobody }));
    renderScreen(<LoginPage />, { path: '/auth/login', session: nobody });
    expect(await screen.findByRole('heading', { name: 'Protege tu cuenta' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Contraseña/)).not.toBeInTheDocument();
  });
});
