import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Availability, OwnAppointment } from '../../../../common/schemas/appointments';
import type { PublicClinic } from '../../../../common/schemas/clinic';
import { renderScreen, stubApi } from '../../../test/render';
import ManageBookingPage from './manage-booking';

const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const TOKEN = 'id.firma-secreta';
const BOOKING_URL = `/api/public/bookings/${encodeURIComponent(TOKEN)}`;

const appointment: OwnAppointment = {
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status: 'confirmada',
  startsAt: '2026-03-25T09:00:00.000Z',
  endsAt: '2026-03-25T10:00:00.000Z',
  service: { name: 'Infiltración', durationMinutes: 60 },
  doctorId: ANA,
  doctorName: 'Dra. Ana Ruiz',
  specialty: 'Cardiología',
  reason: 'Revisión anual',
  patientName: 'Lucía Martín Gómez',
  timeZone: 'Europe/Madrid',
  canChange: true,
  changeDeadline: '2026-03-24T09:00:00.000Z',
  cancelReason: null,
};

const clinic: PublicClinic = {
  name: 'Clínica Demo',
  address: 'Calle Mayor 1, Madrid',
  phone: '910 000 000',
  email: 'citas@clinica.test',
  whatsapp: '',
  logoUrl: '',
  timeZone: 'Europe/Madrid',
  cancellationWindowHours: 24,
  mapUrl: '',
  openingHours: [],
  specialties: ['Cardiología'],
  doctors: [],
};

const renderManage = () => renderScreen(<ManageBookingPage />, { path: '/cita/:token', at: `/cita/${TOKEN}` });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-23T06:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('manage booking page', () => {
  it('changes a 60-minute service to a free time of its own length, with the same professional', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === BOOKING_URL) return { status: 200, body: appointment };
      if (call.url === '/api/public/booking-options') {
        return {
          status: 200,
          body: { timeZone: 'Europe/Madrid', bookingHorizonDays: 60, specialties: [], doctors: [] },
        };
      }
      // The free times of the booking's own length, asked by its link (not the doctor's slots).
      if (call.url.startsWith(`${BOOKING_URL}/availability?`)) {
        const body: Availability = {
          timeZone: 'Europe/Madrid',
          doctors: [
            {
              id: ANA,
              displayName: 'Dra. Ana Ruiz',
              specialty: 'Cardiología',
              color: '#0ca678',
              appointmentMinutes: 30,
              slots: [{ startsAt: '2026-03-25T15:00:00.000Z', endsAt: '2026-03-25T16:00:00.000Z' }],
            },
          ],
        };
        return { status: 200, body };
      }
      if (call.url === `${BOOKING_URL}/reschedule`) {
        return {
          status: 200,
          body: { ...appointment, startsAt: '2026-03-25T15:00:00.000Z', endsAt: '2026-03-25T16:00:00.000Z' },
        };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    const { user } = renderManage();

    expect(await screen.findByText('Miércoles, 25 de marzo de 2026, 10:00')).toBeInTheDocument();
    expect(screen.getByText('Confirmada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar la hora' }));
    const times = await screen.findByRole('group', { name: 'Horas libres del miércoles, 25 de marzo' });
    await user.click(within(times).getByRole('button', { name: '16:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar el cambio' }));

    expect(await screen.findByText('Miércoles, 25 de marzo de 2026, 16:00')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/public/availability'))).toBe(false);
    expect(calls.find((call) => call.url.startsWith(`${BOOKING_URL}/availability`))?.url).toBe(
      `${BOOKING_URL}/availability?from=2026-03-23&to=2026-03-29`,
    );
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `${BOOKING_URL}/reschedule`,
      body: { startsAt: '2026-03-25T15:00:00.000Z' },
    });
  });

  it('sends the visitor to the phone when it is too late to change it online', async () => {
    stubApi((call) => {
      if (call.url === BOOKING_URL) return { status: 200, body: { ...appointment, canChange: false } };
      if (call.url === '/api/public/clinic') return { status: 200, body: clinic };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    renderManage();
    expect(
      await screen.findByText(/Ya no se puede cambiar ni cancelar por internet; llama a la clínica/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '910 000 000' })).toHaveAttribute('href', 'tel:910000000');
    expect(screen.queryByRole('button', { name: 'Cambiar la hora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar la cita' })).not.toBeInTheDocument();
  });

  it('explains an unknown link', async () => {
    const message = 'No encontramos esta cita. Revisa que el enlace esté completo o llama a la clínica.';
    stubApi(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message } } }));
    renderManage();
    expect(await screen.findByText('Cita no encontrada')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir cita' })).toHaveAttribute('href', '/agendar-cita');
  });
});
