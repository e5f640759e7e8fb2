import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentRequestItem } from '../../../../common/schemas/consent-signing';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientConsents } from './patient-consents';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const item = (changes: Partial<ConsentRequestItem>): ConsentRequestItem => ({
  id: 'c-1',
  appointmentId: 'a-1',
  // Wednesday 4 March 2026, 09:00 in Madrid (08:00 in the Canaries).
  startsAt: '2026-03-04T08:00:00.000Z',
  doctorName: 'Dra. Marta Sánchez',
  title: 'Consentimiento para infiltración',
  versionNumber: 2,
  status: 'pendiente',
  actedAt: null,
  ...changes,
});

function show(rows: ConsentRequestItem[], { now, timeZone = 'Europe/Madrid' }: { now: string; timeZone?: string }) {
  vi.useFakeTimers({ now: new Date(now), toFake: ['Date'] });
  stubApi((call) =>
    call.url === '/api/patients/p-1/consents'
      ? { status: 200, body: rows }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } },
  );
  renderScreen(<PatientConsents patientId="p-1" timeZone={timeZone} />);
  return screen.findByRole('region', { name: 'Consentimientos informados' });
}

describe('«Consentimientos informados» on a chart', () => {
  it('says so in Spanish when none was asked', async () => {
    const section = await show([], { now: '2026-03-02T08:00:00Z' });
    expect(await within(section).findByText('No se le ha pedido ningún consentimiento informado.')).toBeVisible();
  });

  it('shows each state with its version, its visit in the clinic’s zone, when it was decided and its PDF', async () => {
    const section = await show(
      [
        item({ id: 'c-p', status: 'pendiente' }),
        item({ id: 'c-f', status: 'firmado', actedAt: '2026-03-02T09:15:00.000Z' }),
        item({ id: 'c-r', status: 'rechazado', actedAt: '2026-03-02T10:05:00.000Z', versionNumber: 1 }),
        item({ id: 'c-v', status: 'revocado', actedAt: '2026-03-03T17:40:00.000Z' }),
      ],
      { now: '2026-03-02T08:00:00Z' },
    );
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const [pending, signed, refused, revoked] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(pending).getByText('Consentimiento para infiltración · versión 2')).toBeVisible();
    expect(
      within(pending).getByText('Cita del miércoles, 4 de marzo de 2026, 09:00 con Dra. Marta Sánchez'),
    ).toBeVisible();
    expect(within(pending).getByText('Pendiente de firma')).toBeVisible();
    expect(within(pending).queryByRole('link')).toBeNull();

    expect(within(signed).getByText('Firmado')).toBeVisible();
    expect(within(signed).getByText('Firmado el 2 mar 2026, 10:15')).toBeVisible();
    expect(
      within(signed).getByRole('link', { name: /^Descargar el PDF de «Consentimiento para infiltración»/ }),
    ).toHaveAttribute('href', '/api/consent-requests/c-f/pdf');

    expect(within(refused).getByText('Consentimiento para infiltración · versión 1')).toBeVisible();
    expect(within(refused).getByText('Rechazado')).toBeVisible();
    expect(within(refused).getByText('Rechazado el 2 mar 2026, 11:05')).toBeVisible();
    expect(within(refused).getByRole('link')).toHaveAttribute('href', '/api/consent-requests/c-r/pdf');

    expect(within(revoked).getByText('Revocado')).toBeVisible();
    expect(within(revoked).getByText('Revocado el 3 mar 2026, 18:40')).toBeVisible();
    expect(within(revoked).getByRole('link')).toHaveAttribute('href', '/api/consent-requests/c-v/pdf');
  });

  it('a pending one is «Sin firmar» once its visit has started, and the times follow the clinic’s zone', async () => {
    const section = await show([item({ status: 'pendiente' })], {
      now: '2026-03-04T08:05:00Z',
      timeZone: 'Atlantic/Canary',
    });
    expect(await within(section).findByText('Sin firmar')).toBeVisible();
    expect(
      within(section).getByText('Cita del miércoles, 4 de marzo de 2026, 08:00 con Dra. Marta Sánchez'),
    ).toBeVisible();
  });
});
