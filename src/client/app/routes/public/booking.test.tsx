import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Availability,
  BookingConfirmation,
  BookingOptions,
  OwnAppointment,
} from '../../../../common/schemas/appointments';
import type { Profile, SessionState } from '../../../../common/schemas/auth';
import { fill, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import BookingPage from './booking';

const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const LUIS = '5f0e8a77-1c2d-4b3e-8f90-a1b2c3d4e5f6';
const CARDIO = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const DERMA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TAKEN_MESSAGE = 'La hora elegida ya no está disponible. Elige otra.';

const options: BookingOptions = {
  timeZone: 'Europe/Madrid',
  reminderChannels: ['email'],
  bookingHorizonDays: 60,
  specialties: [
    { id: CARDIO, name: 'Cardiología' },
    { id: DERMA, name: 'Dermatología' },
  ],
  doctors: [
    {
      id: ANA,
      displayName: 'Dra. Ana Ruiz',
      specialtyId: CARDIO,
      specialty: 'Cardiología',
      photoURL: '',
      bio: '',
      appointmentMinutes: 30,
    },
    {
      id: LUIS,
      displayName: 'Dr. Luis Gil',
      specialtyId: DERMA,
      specialty: 'Dermatología',
      photoURL: '',
      bio: '',
      appointmentMinutes: 20,
    },
  ],
  services: [],
};

const slot = (startsAt: string) => ({ startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() });
const availability = (slots: ReturnType<typeof slot>[]): Availability => ({
  timeZone: 'Europe/Madrid',
  doctors: [
    {
      id: ANA,
      displayName: 'Dra. Ana Ruiz',
      specialty: 'Cardiología',
      color: '#0ca678',
      appointmentMinutes: 30,
      slots,
    },
  ],
});

const booked = (startsAt: string, status: OwnAppointment['status'] = 'confirmada'): OwnAppointment => ({
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status,
  ...slot(startsAt),
  doctorId: ANA,
  doctorName: 'Dra. Ana Ruiz',
  specialty: 'Cardiología',
  reason: 'Revisión anual',
  patientName: 'Lucía Martín Gómez',
  timeZone: 'Europe/Madrid',
  canChange: true,
  changeDeadline: '2026-03-22T10:00:00.000Z',
  cancelReason: null,
});

function session(profile: Profile | null): SessionState {
  return {
    user: profile && { id: profile.id, email: profile.email, displayName: profile.displayName, photoURL: '' },
    profile,
  };
}

function renderBooking(profile: Profile | null = null) {
  return renderScreen(<BookingPage />, { path: '/agendar-cita', session: session(profile) });
}

const isAvailability = (call: ApiCall) => call.url.startsWith('/api/public/availability');

// The later steps are lazy screens: load their code once here, so each test waits for the page, not for
// the test runner transforming modules (what loading looks like is tested in the browser suite).
beforeAll(async () => {
  await Promise.all([
    import('../../../features/booking/components/booking-slot-step'),
    import('../../../features/booking/components/booking-details-step'),
    import('../../../features/booking/components/booking-done'),
    import('../../../features/record-link/components/record-link-notice'),
  ]);
}, 60_000);

/** Each later step is a lazy component that shows its own loading state first. */
const LAZY_STEP = { timeout: 5000 };

beforeEach(() => {
  // Monday 23 March 2026, 07:00 in Madrid. Only Date is faked: promises and user events run as usual.
  vi.useFakeTimers({ now: new Date('2026-03-23T06:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('booking page', () => {
  it('after a 409 goes back to «Día y hora» with the server message and the fresh slots, keeping what was typed', async () => {
    let taken = false;
    const { calls } = stubApi((call) => {
      if (call.url === '/api/public/booking-options') return { status: 200, body: options };
      if (isAvailability(call)) {
        // Once the 09:00 is gone, the agenda no longer offers it.
        return {
          status: 200,
          body: availability(
            taken
              ? [slot('2026-03-23T10:00:00.000Z'), slot('2026-03-23T10:30:00.000Z')]
              : [slot('2026-03-23T08:00:00.000Z'), slot('2026-03-23T10:00:00.000Z'), slot('2026-03-23T10:30:00.000Z')],
          ),
        };
      }
      if (call.method === 'POST' && call.url === '/api/public/bookings') {
        const body = call.body as { startsAt: string };
        if (body.startsAt === '2026-03-23T08:00:00.000Z') {
          taken = true;
          return {
            status: 409,
            body: {
              error: { code: 'SLOT_TAKEN', message: TAKEN_MESSAGE },
              slots: [slot('2026-03-23T10:00:00.000Z'), slot('2026-03-23T10:30:00.000Z')],
            },
          };
        }
        return {
          status: 201,
          body: {
            appointment: booked(body.startsAt),
            manageUrl: 'http://localhost/cita/abc123',
          } satisfies BookingConfirmation,
        };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    const { user } = renderBooking();

    // 1. Especialidad y profesional
    await user.click(await screen.findByRole('radio', { name: 'Cardiología' }));
    expect(screen.getByRole('radio', { name: /Cualquier profesional/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Dr. Luis Gil/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Dra. Ana Ruiz/ }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // 2. Día y hora
    await user.click(await screen.findByRole('button', { name: '09:00' }, LAZY_STEP));
    expect(screen.getByText(/Has elegido:/)).toHaveTextContent(
      'Has elegido: Lunes, 23 de marzo de 2026, 09:00 con Dra. Ana Ruiz',
    );
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // 3. Tus datos (its form loads when the visitor reaches the step)
    await fill(user, await screen.findByRole('textbox', { name: 'Nombre' }, LAZY_STEP), 'Lucía');
    await fill(user, screen.getByRole('textbox', { name: 'Apellidos' }), 'Martín Gómez');
    await fill(user, screen.getByRole('textbox', { name: /Correo electrónico/ }), 'lucia@correo.test');
    await fill(user, screen.getByRole('textbox', { name: /Teléfono/ }), '600 123 456');
    await fill(user, screen.getByRole('textbox', { name: /Motivo de la consulta/ }), 'Revisión anual');
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('checkbox', { name: /He leído y acepto la política de privacidad/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    // Back at «Día y hora»: the server's message and the fresh slots it offered.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TAKEN_MESSAGE);
    expect(within(alert).getByText('Horas libres más próximas con Dra. Ana Ruiz:')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: '11:00' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: '11:30' })).toBeInTheDocument();
    // The picker asked again and no longer offers the lost time.
    expect(calls.filter(isAvailability).length).toBeGreaterThanOrEqual(2);
    const picker = await screen.findByRole('group', { name: 'Horas libres del lunes, 23 de marzo' });
    expect(within(picker).queryByRole('button', { name: '09:00' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: '11:00' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('textbox', { name: 'Nombre' }, LAZY_STEP)).toHaveValue('Lucía');
    expect(screen.getByRole('textbox', { name: /Motivo de la consulta/ })).toHaveValue('Revisión anual');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    expect(await screen.findByRole('heading', { name: 'Cita reservada' }, LAZY_STEP)).toBeInTheDocument();
    expect(screen.getByText('Lunes, 23 de marzo de 2026, 11:00')).toBeInTheDocument();
    expect(
      screen.getByText('Te hemos enviado un correo con los detalles y un enlace para cambiar o cancelar la cita.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver o cambiar mi cita' })).toHaveAttribute(
      'href',
      'http://localhost/cita/abc123',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        firstName: 'Lucía',
        lastName: 'Martín Gómez',
        email: 'lucia@correo.test',
        phone: '600 123 456',
        reason: 'Revisión anual',
        acceptPrivacy: true,
        website: '',
        doctorId: ANA,
        startsAt: '2026-03-23T08:00:00.000Z',
      },
      expect.objectContaining({ doctorId: ANA, startsAt: '2026-03-23T10:00:00.000Z' }),
    ]);
  });

  it('lets a signed-in paciente book with their account data through their own appointments', async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/api/public/booking-options') return { status: 200, body: options };
      if (isAvailability(call)) return { status: 200, body: availability([slot('2026-03-23T08:00:00.000Z')]) };
      if (call.url === '/api/me/record-link')
        return { status: 200, body: { status: 'linked', email: 'lucia@correo.test', sentAt: null } };
      if (call.method === 'POST' && call.url === '/api/me/appointments') {
        return { status: 201, body: booked('2026-03-23T08:00:00.000Z', 'pendiente') };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    const { user } = renderBooking({
      id: 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4',
      email: 'lucia@correo.test',
      role: 'paciente',
      displayName: 'Lucía Martín Gómez',
      photoURL: '',
      phone: '600123456',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });

    await user.click(await screen.findByRole('radio', { name: 'Cardiología' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: /09:00/ }, LAZY_STEP));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // «Tus datos» is a lazy step: the first test of the file to reach it waits for its code (in any order).
    expect(await screen.findByRole('textbox', { name: 'Nombre' }, LAZY_STEP)).toHaveValue('Lucía');
    expect(screen.getByRole('textbox', { name: 'Apellidos' })).toHaveValue('Martín Gómez');
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveValue('lucia@correo.test');
    expect(screen.getByRole('textbox', { name: /Teléfono/ })).toHaveValue('600123456');
    await fill(user, screen.getByRole('textbox', { name: /Motivo de la consulta/ }), 'Dolor de pecho');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    expect(
      await screen.findByRole('heading', { name: 'Solicitud recibida: la clínica confirmará tu cita' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis citas' })).toHaveAttribute('href', '/pacientes/citas');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/me/appointments',
      body: { doctorId: ANA, startsAt: '2026-03-23T08:00:00.000Z', reason: 'Dolor de pecho' },
    });
  });
  it('asks a paciente whose record waits for the e-mail proof to confirm it, instead of booking', async () => {
    const pending = { status: 'pending', email: 'lucia@correo.test', sentAt: '2026-03-20T10:00:00.000Z' };
    const { calls } = stubApi((call) => {
      if (call.url === '/api/public/booking-options') return { status: 200, body: options };
      if (call.url === '/api/me/record-link') return { status: 200, body: pending };
      if (call.method === 'POST' && call.url === '/api/me/record-link/resend') return { status: 202, body: pending };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    const { user } = renderBooking({
      id: 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4',
      email: 'lucia@correo.test',
      role: 'paciente',
      displayName: 'Lucía Martín Gómez',
      photoURL: '',
      phone: '600123456',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });

    expect(
      await screen.findByText(
        'Hemos encontrado una ficha con tu correo. Para verla, confirma tu correo con el enlace que te hemos enviado.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Especialidad' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar enlace' }));
    expect(await screen.findByText('Te hemos enviado un enlace nuevo a lucia@correo.test.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/me/record-link/resend',
    ]);
  });
});
