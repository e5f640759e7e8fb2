import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FactorRemovals } from '../../../../common/schemas/auth';
import { renderScreen, stubApi } from '../../../test/render';
import { ResetFactorsReview } from './reset-factors-review';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'enlace-de-restablecimiento-123456';
let chosen: FactorRemovals = { totp: false, passkeyIds: [] };

function Review() {
  const [removals, setRemovals] = useState<FactorRemovals>({ totp: false, passkeyIds: [] });
  chosen = removals;
  return <ResetFactorsReview token={TOKEN} removals={removals} onChange={setRemovals} />;
}

describe('the reset link’s review of the factors', () => {
  it('shows the passkeys and the app with their dates, and marks what to remove', async () => {
    const { calls } = stubApi(() => ({
      status: 200,
      body: {
        totp: { confirmedAt: '2030-01-02T10:00:00.000Z' },
        passkeys: [
          {
            id: 'k1',
            name: 'Portátil',
            createdAt: '2030-01-07T09:00:00.000Z',
            lastUsedAt: null,
            synced: false,
          },
        ],
      },
    }));
    const { user } = renderScreen(<Review />);
    const planted = await screen.findByRole('checkbox', { name: 'Quitar la llave de acceso «Portátil»' });
    expect(screen.getByText(/Añadida el 7 ene 2030; aún sin usar/)).toBeInTheDocument();
    expect(screen.getByText(/Configurada el 2 ene 2030/)).toBeInTheDocument();
    await user.click(planted);
    expect(chosen).toEqual({ totp: false, passkeyIds: ['k1'] });
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/password-reset/factors', body: { token: TOKEN } }]);
  });
});
