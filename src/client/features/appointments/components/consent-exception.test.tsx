import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { StatusActions } from './status-actions';

/** Monday 23 March 2026, 11:00 in Madrid: Carla, in the waiting room since 10:52, is being seen. */
const NOW = '2026-03-23T10:00:00.000Z';
const carla = appointment({
  id: 'a-3',
  patientName: 'Carla Ruiz',
  startsAt: '2026-03-23T09:30:00Z',
  status: 'en_sala',
  arrivedAt: '2026-03-23T09:52:00Z',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('«Atendida» with the consent unsigned', () => {
  it('asks why, and sends the urgency with what happened; the server then takes it', async () => {
    const { calls } = stubApi((call) => {
      const body = call.body as { consentException?: unknown } | undefined;
      if (call.method === 'POST' && !body?.consentException) {
        return {
          status: 409,
          body: {
            error: { code: 'CONSENT_REQUIRED', message: 'Falta el consentimiento firmado.' },
            titles: ['Consentimiento para infiltración'],
          },
        };
      }
      return { status: 200, body: { ...carla, status: 'atendida' } };
    });
    const { user } = renderScreen(<StatusActions appointment={carla} timeZone="Europe/Madrid" />, {
      session: signedInAs('doctor'),
    });
    await user.click(screen.getByRole('button', { name: 'Atendida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Falta el consentimiento firmado' });
    expect(within(dialog).getByText(/«Consentimiento para infiltración»/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Elige por qué se atiende sin el consentimiento firmado',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Urgencia: no se pudo esperar a la firma' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Qué ha pasado/ }), 'Dolor agudo');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));

    await screen.findByText('Cita marcada como atendida');
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts).toEqual([
      { status: 'atendida' },
      { status: 'atendida', consentException: { reason: 'urgencia', note: 'Dolor agudo' } },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Falta el consentimiento firmado' })).toBeNull();
  });
});
