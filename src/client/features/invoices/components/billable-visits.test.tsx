import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '../../../test/render';
import { BillableVisits } from './billable-visits';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATIENT = 'b1f2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const visits = [
  {
    id: 'v-1',
    startsAt: '2026-03-02T08:00:00.000Z',
    doctorName: 'Dra. Ana Ruiz',
    service: { id: 's-1', name: 'Primera visita', priceCents: 6000 },
  },
  { id: 'v-2', startsAt: '2026-03-09T17:30:00.000Z', doctorName: 'Dra. Ana Ruiz', service: null },
];

describe('«Facturación» on a patient’s page', () => {
  it('puts two attended visits on one complete invoice, choosing the service of the one booked without it', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === `/api/patients/${PATIENT}/billable-visits`) return { status: 200, body: visits };
      if (call.url === '/api/services') {
        const service = {
          id: 's-2',
          name: 'Revisión',
          priceCents: 4000,
          active: true,
          specialtyId: 'e-1',
          specialty: 'Medicina familiar',
          durationMinutes: 20,
          doctors: [],
        };
        return { status: 200, body: [service] };
      }
      return { status: 201, body: { id: 'i-1', number: 'F2026-000007', totalCents: 10000 } };
    });
    const { user } = renderScreen(<BillableVisits patientId={PATIENT} timeZone="Europe/Madrid" />);
    const first = await screen.findByRole('checkbox', {
      name: /^lunes, 2 de marzo de 2026, 09:00 .*Primera visita, 60,00\u00a0€$/,
    });
    // The evening visit is named by Madrid's clock (18:30), not the server's UTC.
    const second = screen.getByRole('checkbox', { name: /^lunes, 9 de marzo de 2026, 18:30 .*sin servicio$/ });
    expect(screen.getByRole('button', { name: 'Facturar' })).toBeDisabled();
    await user.click(first);
    await user.click(second);
    await user.click(screen.getByRole('combobox', { name: 'Servicio facturado' }));
    await user.click(await screen.findByRole('option', { name: 'Revisión · 40,00\u00a0€' }));
    await user.click(screen.getByRole('radio', { name: /^Completa/ }));
    await user.click(screen.getByRole('button', { name: 'Facturar 2 citas en una factura' }));
    await screen.findByText('Factura F2026-000007 emitida');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/invoices');
    expect(post.body).toEqual({
      patientId: PATIENT,
      appointmentIds: ['v-1', 'v-2'],
      appointmentServices: { 'v-2': 's-2' },
      kind: 'completa',
    });
    expect(within(document.body).queryByRole('checkbox', { checked: true })).not.toBeInTheDocument();
  });
});
