import '../../../test/mantine-polyfills';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { renderScreen } from '../../../test/render';
import { DoctorChoice } from './doctor-choice';

const TRAUMA = '4d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const options: BookingOptions = {
  timeZone: 'Europe/Madrid',
  bookingHorizonDays: 60,
  specialties: [{ id: TRAUMA, name: 'Traumatología' }],
  doctors: [
    {
      id: '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
      displayName: 'Dr. Pablo Ortega',
      specialtyId: TRAUMA,
      specialty: 'Traumatología',
      photoURL: '',
      bio: '',
      appointmentMinutes: 20,
    },
  ],
  services: [],
  reminderChannels: ['email'],
};

afterEach(cleanup);

describe('the professional cards of the booking', () => {
  const choose = { onSpecialtyChange: vi.fn(), onDoctorChange: vi.fn(), specialtyId: TRAUMA, doctorId: 'any' };

  it('say the doctor’s usual visit while no service is chosen', () => {
    renderScreen(<DoctorChoice options={options} {...choose} />);
    expect(screen.getByText('Traumatología · consultas de 20 min')).toBeInTheDocument();
  });

  it('say the length of the chosen service, not the doctor’s usual 20 minutes', () => {
    renderScreen(
      <DoctorChoice options={options} {...choose} service={{ name: 'Infiltración', durationMinutes: 30 }} />,
    );
    expect(screen.getByText('Traumatología · Infiltración, 30 min')).toBeInTheDocument();
    expect(screen.queryByText(/20 min/)).toBeNull();
  });
});
