import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../../common/schemas/auth';
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
    stubApi(() => ({ status: 200, body: nobody }));
    renderScreen(<LoginPage />, { path: '/auth/login', session: nobody });
    expect(await screen.findByRole('heading', { name: 'Protege tu cuenta' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Contraseña/)).not.toBeInTheDocument();
  });
});
