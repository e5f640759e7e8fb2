import '../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingOptions } from '../../../../common/schemas/appointments';
import type { WaitingEntry } from '../../../../common/schemas/waiting-list';
import { renderScreen, stubApi } from '../../../test/render';
import { WaitingListTable } from './waiting-list-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const options = (timeZone: string): BookingOptions => ({
  timeZone,
  reminderChannels: ['email'],
  bookingHorizonDays: 60,
  specialties: [{ id: 's-1', name: 'Dermatología' }],
  doctors: [],
  services: [],
});

const entry = (changes: Partial<WaitingEntry>): WaitingEntry => ({
  id: 'w-1',
  patientId: 'p-1',
  patientName: 'Ana García',
  patientPhone: '+34 600 11 22 33',
  patientEmail: 'ana@example.com',
  doctorId: null,
  doctorName: null,
  specialtyId: 's-1',
  specialty: 'Dermatología',
  fromDate: '2026-01-12',
  toDate: '2026-01-26',
  partOfDay: 'cualquiera',
  serviceId: null,
  serviceName: null,
  serviceMinutes: null,
  notes: '',
  channel: 'mostrador',
  state: 'esperando',
  appointmentId: null,
  // 23:30 UTC on Sunday 11 January: already Monday 12 in Madrid (UTC+1), still the 11th in the browser's
  // New York (the client suite's zone) and in the Canaries (UTC+0).
  createdAt: '2026-01-11T23:30:00.000Z',
  ...changes,
});

async function sinceCell() {
  const row = (await screen.findByText('Ana García')).closest('tr')!;
  return within(row).getByText((_, element) => element?.getAttribute('data-label') === 'Desde');
}

describe('the waiting list', () => {
  it("says since when someone waits on the clinic's calendar, not the browser's", async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('Europe/Madrid');
    stubApi(() => ({ status: 200, body: [entry({})] }));
    renderScreen(<WaitingListTable options={options('Europe/Madrid')} />);
    expect(await sinceCell()).toHaveTextContent(/^12 de enero de 2026$/);
  });

  it("follows the clinic's zone when it is another one", async () => {
    stubApi(() => ({ status: 200, body: [entry({})] }));
    renderScreen(<WaitingListTable options={options('Atlantic/Canary')} />);
    expect(await sinceCell()).toHaveTextContent(/^11 de enero de 2026$/);
  });

  it('writes the wished days as those calendar days', async () => {
    stubApi(() => ({ status: 200, body: [entry({})] }));
    renderScreen(<WaitingListTable options={options('Europe/Madrid')} />);
    const row = (await screen.findByText('Ana García')).closest('tr')!;
    expect(within(row).getByText(/^Del 12 de enero de 2026 al 26 de enero de 2026/)).toBeInTheDocument();
  });

  it('shows the service wished for, with its length', async () => {
    stubApi(() => ({
      status: 200,
      body: [entry({ serviceId: 'sv-1', serviceName: 'Infiltración', serviceMinutes: 60 })],
    }));
    renderScreen(<WaitingListTable options={options('Europe/Madrid')} />);
    const row = (await screen.findByText('Ana García')).closest('tr')!;
    expect(
      within(row).getByText((_, element) => element?.getAttribute('data-label') === 'Profesional o especialidad'),
    ).toHaveTextContent(/^Cualquier profesional de Dermatología · Infiltración \(60 min\)$/);
  });
});
