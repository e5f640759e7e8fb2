import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitingOffer } from '../../../../common/schemas/waiting-list';
import { renderScreen, stubApi } from '../../../test/render';
import WaitingOfferPage from './waiting-offer';

const TOKEN = 'a'.repeat(43);
const ACCEPT_URL = `/api/public/waiting-list/offers/${TOKEN}/accept`;

const accepted = (serviceName: string | null, endsAt: string): WaitingOffer => ({
  state: 'aceptada',
  // An evening hour on a winter Wednesday (UTC+1).
  startsAt: '2026-12-02T18:00:00.000Z',
  endsAt,
  doctorName: 'Dra. Ana Ruiz',
  specialty: 'Traumatología',
  serviceName,
  timeZone: 'Europe/Madrid',
  manageUrl: 'https://clinica.test/cita/abc',
});

const renderOffer = () =>
  renderScreen(<WaitingOfferPage />, { path: '/lista-de-espera/:token', at: `/lista-de-espera/${TOKEN}` });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T20:30:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('waiting-list offer page', () => {
  it('names the service the booked hour is for, with its length', async () => {
    const { calls } = stubApi((call) =>
      call.url === ACCEPT_URL
        ? { status: 200, body: accepted('Infiltración', '2026-12-02T19:00:00.000Z') }
        : { status: 404, body: {} },
    );
    renderOffer();
    expect(await screen.findByText('¡Cita reservada!')).toBeTruthy();
    expect(screen.getByText('Servicio: Infiltración (60 min)')).toBeTruthy();
    expect(screen.getByText(/19:00/)).toBeTruthy();
    expect(calls.filter((call) => call.url === ACCEPT_URL)).toHaveLength(1);
  });

  it('says no service for a visit of the doctor’s own length', async () => {
    stubApi((call) =>
      call.url === ACCEPT_URL
        ? { status: 200, body: accepted(null, '2026-12-02T18:20:00.000Z') }
        : { status: 404, body: {} },
    );
    renderOffer();
    expect(await screen.findByText('¡Cita reservada!')).toBeTruthy();
    expect(screen.queryByText(/Servicio:/)).toBeNull();
  });
});
