import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '../../../../common/schemas/appointments';
import type { LinkedBooking } from '../../../../common/schemas/confirmations';
import type { PublicClinic } from '../../../../common/schemas/clinic';
import { renderScreen, stubApi } from '../../../test/render';
import ManageBookingPage from './manage-booking';

const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const TOKEN = 'id.firma-secreta';
const BOOKING_URL = `/api/public/bookings/${encodeURIComponent(TOKEN)}`;

const appointment: LinkedBooking = {
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
  past: false,
  canAnswer: true,
  answer: null,
  pendingForms: { questionnaires: [], consents: [] },
};
const NOT_FOUND = {
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } },
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

  it('inside the window: the phone for another time, and «Confirmo» and «No podré ir» still (a late notice, said so)', async () => {
    let booking: LinkedBooking = { ...appointment, canChange: false };
    const { calls } = stubApi((call) => {
      if (call.url === BOOKING_URL) return { status: 200, body: booking };
      if (call.url === '/api/public/clinic') return { status: 200, body: clinic };
      if (call.url === `${BOOKING_URL}/answer`) {
        const declined = (call.body as { answer: string }).answer === 'declined';
        booking = declined
          ? { ...booking, status: 'cancelada', canAnswer: false, cancelReason: 'El paciente avisó que no podrá ir' }
          : { ...booking, answer: { answer: 'confirmed', answeredAt: '2026-03-23T06:00:00.000Z' } };
        return { status: 200, body: {} };
      }
      return NOT_FOUND;
    });
    const { user } = renderManage();
    expect(
      await screen.findByText(/Ya no se puede cambiar la hora por internet; llama a la clínica/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '910 000 000' })).toHaveAttribute('href', 'tel:910000000');
    expect(screen.queryByRole('button', { name: 'Cambiar la hora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar la cita' })).not.toBeInTheDocument();

    const answers = screen.getByRole('region', { name: '¿Vendrás a tu cita?' });
    await user.click(within(answers).getByRole('button', { name: 'Confirmo' }));
    expect(await screen.findByText('Has confirmado que vendrás')).toBeInTheDocument();
    expect(
      screen.getByText(/Te esperamos el miércoles, 25 de marzo de 2026, 10:00 con Dra\. Ana Ruiz/),
    ).toBeInTheDocument();
    expect(within(answers).queryByRole('button', { name: 'Confirmo' })).not.toBeInTheDocument();

    // «No podré ir» asks once more, saying the clinic will be told.
    await user.click(within(answers).getByRole('button', { name: 'No podré ir' }));
    const dialog = await screen.findByRole('dialog', { name: '¿No podrás venir?' });
    expect(dialog).toHaveTextContent('Cancelaremos tu cita y avisaremos a la clínica');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, no podré ir' }));
    expect(await screen.findByText('Esta cita está cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '¿Vendrás a tu cita?' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: `${BOOKING_URL}/answer`, body: { answer: 'confirmed' } },
      { method: 'POST', url: `${BOOKING_URL}/answer`, body: { answer: 'declined' } },
    ]);
  });

  it('outside the window offers the answers beside changing and cancelling, and the forms still pending', async () => {
    const access = 'prueba-del-recordatorio';
    const { calls } = stubApi((call) => {
      if (call.url === `${BOOKING_URL}?acceso=${access}`) {
        return {
          status: 200,
          body: {
            ...appointment,
            pendingForms: {
              questionnaires: [
                { title: 'Cuestionario de primera visita', url: 'http://localhost:3000/cuestionario/q1' },
              ],
              consents: [{ title: 'Infiltración', url: 'http://localhost:3000/consentimiento/c1' }],
            },
          },
        };
      }
      return NOT_FOUND;
    });
    renderScreen(<ManageBookingPage />, { path: '/cita/:token', at: `/cita/${TOKEN}?acceso=${access}` });
    const answers = await screen.findByRole('region', { name: '¿Vendrás a tu cita?' });
    expect(within(answers).getByRole('button', { name: 'Confirmo' })).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'No podré ir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar la hora' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar la cita' })).toBeInTheDocument();
    const forms = screen.getByRole('region', { name: 'Antes de la visita' });
    expect(
      within(forms).getByRole('link', { name: 'Rellenar el cuestionario «Cuestionario de primera visita»' }),
    ).toHaveAttribute('href', 'http://localhost:3000/cuestionario/q1');
    expect(within(forms).getByRole('link', { name: 'Firmar el consentimiento «Infiltración»' })).toHaveAttribute(
      'href',
      'http://localhost:3000/consentimiento/c1',
    );
    expect(calls[0]!.url).toBe(`${BOOKING_URL}?acceso=${access}`);
  });

  it('without the reminder’s proof names the pending forms and says where their links are', async () => {
    stubApi((call) =>
      call.url === BOOKING_URL
        ? {
            status: 200,
            body: {
              ...appointment,
              pendingForms: { questionnaires: [{ title: 'Antes de la revisión', url: null }], consents: [] },
            },
          }
        : NOT_FOUND,
    );
    renderManage();
    const forms = await screen.findByRole('region', { name: 'Antes de la visita' });
    expect(forms).toHaveTextContent('Los enlaces están en el correo de tu reserva.');
    expect(forms).toHaveTextContent('«Antes de la revisión»');
    expect(within(forms).queryByRole('link')).not.toBeInTheDocument();
  });

  it('once its time has come says so and offers nothing', async () => {
    stubApi((call) =>
      call.url === BOOKING_URL
        ? { status: 200, body: { ...appointment, past: true, canAnswer: false, canChange: false } }
        : call.url === '/api/public/clinic'
          ? { status: 200, body: clinic }
          : NOT_FOUND,
    );
    renderManage();
    expect(await screen.findByText('Esta cita ya ha pasado')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Antes de la visita' })).not.toBeInTheDocument();
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
