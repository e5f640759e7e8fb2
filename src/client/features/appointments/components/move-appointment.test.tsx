import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, Availability } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi } from '../../../test/render';
import { MoveAppointmentButton } from './move-appointment';

const ANA = '0b7c6b43-9d0e-4a57-9c84-2f1d0c3f4a11';
const ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';

/** A 60-minute «Infiltración» on Wednesday 25 March at 10:00 (Madrid). */
const appointment: Appointment = {
  id: ID,
  patientId: '5a0b3c1d-2e4f-4a6b-8c9d-0e1f2a3b4c5d',
  patientName: 'Lucía Martín Gómez',
  patientPhone: '600 000 000',
  patientEmail: 'lucia@prueba.test',
  patientBirthDate: null,
  patientDocument: null,
  doctorId: ANA,
  doctorName: 'Dra. Ana Ruiz',
  doctorColor: '#0ca678',
  specialty: 'Traumatología',
  startsAt: '2026-03-25T09:00:00.000Z',
  endsAt: '2026-03-25T10:00:00.000Z',
  reason: '',
  channel: 'telefono',
  status: 'confirmada',
  arrivedAt: null,
  cancelReason: null,
  cancelReasonVisible: false,
  createdAt: '2026-03-20T09:00:00.000Z',
  updatedAt: '2026-03-20T09:00:00.000Z',
  serviceId: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
};

const slots: Availability = {
  timeZone: 'Europe/Madrid',
  doctors: [
    {
      id: ANA,
      displayName: 'Dra. Ana Ruiz',
      specialty: 'Traumatología',
      color: '#0ca678',
      appointmentMinutes: 20,
      slots: [{ startsAt: '2026-03-26T11:20:00.000Z', endsAt: '2026-03-26T12:20:00.000Z' }],
    },
  ],
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-23T06:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('«Cambiar fecha u hora» at the desk', () => {
  it('offers the free times of the appointment’s own length, asked for that appointment', async () => {
    const { calls } = stubApi((call) => {
      if (call.url.startsWith(`/api/appointments/${ID}/availability?`)) return { status: 200, body: slots };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } } };
    });
    const { user } = renderScreen(<MoveAppointmentButton appointment={appointment} timeZone="Europe/Madrid" />);
    await user.click(screen.getByRole('button', { name: 'Cambiar fecha u hora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar la cita de Lucía Martín Gómez' });
    expect(await within(dialog).findByRole('radio', { name: '12:20' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      `/api/appointments/${ID}/availability?from=2026-03-23&to=2026-04-06`,
    ]);

    // «Cualquiera de la especialidad»: the same appointment's times, of any doctor who performs its service.
    await user.click(within(dialog).getByText('Cualquiera de Traumatología'));
    expect(await within(dialog).findByRole('radio', { name: '12:20 · Dra. Ana Ruiz' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe(`/api/appointments/${ID}/availability?from=2026-03-23&to=2026-04-06&cualquiera=1`);
  });
});
