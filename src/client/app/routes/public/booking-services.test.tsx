import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Availability, BookingOptions, OwnAppointment } from '../../../../common/schemas/appointments';
import type { Profile } from '../../../../common/schemas/auth';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import BookingPage from './booking';

// «Servicio» in the public booking and the paciente's «Pedir cita» (the same page).
const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const PEDRO = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const LUIS = '5f0e8a77-1c2d-4b3e-8f90-a1b2c3d4e5f6';
const CARDIO = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const DERMA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const FIRST_VISIT = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const ECG = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';

const doctor = (id: string, displayName: string, specialtyId: string, specialty: string) => ({
  id,
  displayName,
  specialtyId,
  specialty,
  photoURL: '',
  bio: '',
  appointmentMinutes: 30,
});
const options: BookingOptions = {
  timeZone: 'Europe/Madrid',
  reminderChannels: ['email'],
  bookingHorizonDays: 60,
  specialties: [
    { id: CARDIO, name: 'Cardiología' },
    { id: DERMA, name: 'Dermatología' },
  ],
  doctors: [
    doctor(ANA, 'Dra. Ana Ruiz', CARDIO, 'Cardiología'),
    doctor(PEDRO, 'Dr. Pedro Sanz', CARDIO, 'Cardiología'),
    doctor(LUIS, 'Dr. Luis Gil', DERMA, 'Dermatología'),
  ],
  services: [
    {
      id: FIRST_VISIT,
      name: 'Primera visita',
      specialtyId: CARDIO,
      durationMinutes: 45,
      priceCents: 6000,
      doctorIds: [ANA],
    },
    {
      id: ECG,
      name: 'Electrocardiograma',
      specialtyId: CARDIO,
      durationMinutes: 20,
      priceCents: 3550,
      doctorIds: [ANA, PEDRO],
    },
  ],
};

const START = '2026-03-23T08:00:00.000Z'; // 09:00 in Madrid
const END = '2026-03-23T08:45:00.000Z';
const availability: Availability = {
  timeZone: 'Europe/Madrid',
  doctors: [
    {
      id: ANA,
      displayName: 'Dra. Ana Ruiz',
      specialty: 'Cardiología',
      color: '#0ca678',
      appointmentMinutes: 30,
      slots: [{ startsAt: START, endsAt: END }],
    },
  ],
};
const booked: OwnAppointment = {
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status: 'confirmada',
  startsAt: START,
  endsAt: END,
  doctorId: ANA,
  doctorName: 'Dra. Ana Ruiz',
  specialty: 'Cardiología',
  service: { name: 'Primera visita', durationMinutes: 45 },
  reason: '',
  patientName: 'Lucía Martín Gómez',
  timeZone: 'Europe/Madrid',
  canChange: true,
  changeDeadline: '2026-03-22T08:00:00.000Z',
  cancelReason: null,
};
const paciente: Profile = {
  id: 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4',
  email: 'lucia@correo.test',
  role: 'paciente',
  displayName: 'Lucía Martín Gómez',
  photoURL: '',
  phone: '600123456',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const isAvailability = (call: ApiCall) => call.url.startsWith('/api/public/availability');
const LAZY_STEP = { timeout: 5000 };

function answer(call: ApiCall) {
  if (call.url === '/api/public/booking-options') return { status: 200, body: options };
  if (isAvailability(call)) return { status: 200, body: availability };
  if (call.url === '/api/me/record-link')
    return { status: 200, body: { status: 'linked', email: 'lucia@correo.test', sentAt: null } };
  if (call.method === 'POST' && call.url === '/api/me/appointments') return { status: 201, body: booked };
  return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
}

beforeAll(async () => {
  await Promise.all([
    import('../../../features/booking/components/service-choice'),
    import('../../../features/booking/components/booking-slot-step'),
    import('../../../features/booking/components/booking-details-step'),
    import('../../../features/booking/components/booking-done'),
  ]);
}, 60_000);
beforeEach(() => {
  // Monday 23 March 2026, 07:00 in Madrid. Only Date is faked.
  vi.useFakeTimers({ now: new Date('2026-03-23T06:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('booking a service', () => {
  it('asks for the service after the specialty, then shows only who performs it and slots of its length', async () => {
    const { calls } = stubApi(answer);
    const { user } = renderScreen(<BookingPage />, {
      path: '/agendar-cita',
      session: { user: { ...paciente, photoURL: '' }, profile: paciente },
    });

    await user.click(await screen.findByRole('radio', { name: 'Cardiología' }));
    const services = await screen.findByRole('radiogroup', { name: 'Servicio' }, LAZY_STEP);
    // es-ES euros: a no-break space before the sign.
    expect(within(services).getByRole('radio', { name: 'Primera visita 45 min · 60,00\u00a0€' })).toBeInTheDocument();
    expect(
      within(services).getByRole('radio', { name: 'Electrocardiograma 20 min · 35,50\u00a0€' }),
    ).toBeInTheDocument();
    // No professional to choose until the service is chosen; «Continuar» says what is missing.
    expect(screen.queryByRole('radiogroup', { name: 'Profesional' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Elige un servicio')).toBeInTheDocument();

    await user.click(within(services).getByRole('radio', { name: /Primera visita/ }));
    const doctors = screen.getByRole('radiogroup', { name: 'Profesional' });
    expect(within(doctors).getByRole('radio', { name: /Dra. Ana Ruiz/ })).toBeInTheDocument();
    expect(within(doctors).queryByRole('radio', { name: /Dr. Pedro Sanz/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await user.click(await screen.findByRole('button', { name: /09:00/ }, LAZY_STEP));
    expect(calls.filter(isAvailability).every((call) => call.url.includes(`serviceId=${FIRST_VISIT}`))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const summary = await screen.findByRole('region', { name: 'Tu cita' }, LAZY_STEP);
    // (Matched by its exact text: the default matcher would turn the no-break space into a space.)
    expect(within(summary).getByText(/^Primera visita · 45 min/).textContent).toBe(
      'Primera visita · 45 min · 60,00\u00a0€',
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    expect(await screen.findByRole('heading', { name: 'Cita reservada' }, LAZY_STEP)).toBeInTheDocument();
    expect(screen.getByText('Servicio')).toBeInTheDocument();
    expect(screen.getByText('Primera visita')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      doctorId: ANA,
      startsAt: START,
      serviceId: FIRST_VISIT,
      reason: '',
    });
  }, 30_000);

  it('asks for no service in a specialty without online services, and books without one', async () => {
    const { calls } = stubApi(answer);
    const { user } = renderScreen(<BookingPage />, {
      path: '/agendar-cita',
      session: { user: { ...paciente, photoURL: '' }, profile: paciente },
    });

    await user.click(await screen.findByRole('radio', { name: 'Dermatología' }));
    expect(screen.getByRole('radiogroup', { name: 'Profesional' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Servicio' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: /09:00/ }, LAZY_STEP));
    expect(calls.filter(isAvailability).some((call) => call.url.includes('serviceId'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar cita' }, LAZY_STEP));
    await screen.findByRole('heading', { name: 'Cita reservada' }, LAZY_STEP);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ doctorId: ANA, startsAt: START, reason: '' });
  }, 30_000);
});
