import '../../../test/mantine-polyfills';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import { renderScreen, stubApi } from '../../../test/render';
import { WaitingListEntry } from './waiting-list-entry';

const options: BookingOptions = {
  timeZone: 'Europe/Madrid',
  reminderChannels: ['email'],
  bookingHorizonDays: 60,
  specialties: [{ id: 's-1', name: 'Cardiología' }],
  doctors: [
    {
      id: 'd-1',
      displayName: 'Dra. Ana Ruiz',
      specialtyId: 's-1',
      specialty: 'Cardiología',
      photoURL: '',
      bio: '',
      appointmentMinutes: 30,
    },
  ],
  services: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('«Avísame si se libera una hora» beside the free times', () => {
  it('opens its form (a chunk of its own) when asked, for the doctor being looked at', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    const { user } = renderScreen(
      <WaitingListEntry options={options} specialtyId="s-1" doctorId="d-1" patient={null} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Avísame si se libera una hora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avísame si se libera una hora' }, { timeout: 5000 });
    expect(within(dialog).getByRole('form', { name: 'Apuntarme a la lista de espera' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Dra\. Ana Ruiz/)).toBeInTheDocument();
  });
});
