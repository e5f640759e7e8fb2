import '../../../../test/mantine-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMED_LABEL } from '../../../../../common/schemas/confirmations';
import type { Doctor } from '../../../../../common/schemas/doctors';
import { renderScreen, signedInAs, stubApi } from '../../../../test/render';
import { appointment } from '../../test/fixtures';
import { DayColumns } from './day-columns';
import { columnsStorageKey } from './use-columns-preference';

const doctor = (id: string, displayName: string, color: string): Doctor => ({
  id,
  email: `${id}@example.com`,
  displayName,
  phone: '',
  specialtyId: 's-1',
  specialty: 'Medicina familiar',
  licenseNumber: '12345',
  bio: '',
  photoUrl: '',
  color,
  appointmentMinutes: 20,
  active: true,
  schedule: [{ weekday: 1, start: '09:00', end: '14:00' }],
  absences: id === 'd-2' ? [{ id: 'x', startDate: '2026-03-23', endDate: '2026-03-23', reason: 'Formación' }] : [],
  nextFreeSlot: null,
});
const doctors = [doctor('d-1', 'Dra. Ana Pez', '#fcc419'), doctor('d-2', 'Dr. Luis Mar', '#1864ab')];
const session = signedInAs('admin');

function show() {
  return renderScreen(
    <DayColumns timeZone="Europe/Madrid" doctors={doctors} date="2026-03-23" onDateChange={() => {}} />,
    { session },
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the day with a column per doctor', () => {
  it("shows a column per doctor with their hours, an absence, and each appointment in its doctor's column", async () => {
    const { calls } = stubApi((call) =>
      call.url.startsWith('/api/appointment-answers')
        ? { status: 200, body: { answers: [] } }
        : {
            status: 200,
            body: [
              appointment({
                id: 'a-1',
                doctorId: 'd-1',
                doctorColor: '#fcc419',
                patientName: 'Eva Sol',
                startsAt: '2026-03-23T08:30:00Z',
                endsAt: '2026-03-23T08:50:00Z',
              }),
              appointment({
                id: 'a-2',
                doctorId: 'd-2',
                doctorColor: '#1864ab',
                patientName: 'Íñigo Gil',
                startsAt: '2026-03-23T09:00:00Z',
                endsAt: '2026-03-23T09:20:00Z',
                status: 'pendiente',
              }),
            ],
          },
    );
    show();
    const ana = await screen.findByRole('button', { name: '09:30–09:50, Eva Sol, Confirmada' });
    expect(within(screen.getByRole('list', { name: 'Citas de Dra. Ana Pez' })).getByRole('button')).toBe(ana);
    const luis = within(screen.getByRole('list', { name: 'Citas de Dr. Luis Mar' })).getByRole('button');
    expect(luis).toHaveAccessibleName('10:00–10:20, Íñigo Gil, Pendiente');
    // Text by contrast: black on the light yellow, white on the dark blue.
    expect(ana).toHaveStyle({ color: '#000000' });
    expect(luis).toHaveStyle({ color: '#ffffff' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Dra. Ana Pez',
      'Dr. Luis Mar',
    ]);
    expect(screen.getAllByText('09:00–14:00')).toHaveLength(2);
    expect(screen.getByText('Ausente: Formación')).toBeInTheDocument();
    expect(calls[0]!.url).toBe(
      '/api/appointments/range?from=2026-03-22T23%3A00%3A00.000Z&to=2026-03-23T23%3A00%3A00.000Z',
    );
  });

  it('shows the double tick of a patient who confirmed from the reminder on their card, as the diary does', async () => {
    stubApi((call) =>
      call.url.startsWith('/api/appointment-answers/range')
        ? {
            status: 200,
            body: { answers: [{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: '2026-03-22T10:00:00Z' }] },
          }
        : {
            status: 200,
            body: [
              appointment({
                id: 'a-1',
                doctorId: 'd-1',
                doctorColor: '#fcc419',
                patientName: 'Eva Sol',
                startsAt: '2026-03-23T08:30:00Z',
                endsAt: '2026-03-23T08:50:00Z',
              }),
              appointment({
                id: 'a-2',
                doctorId: 'd-2',
                doctorColor: '#1864ab',
                patientName: 'Íñigo Gil',
                startsAt: '2026-03-23T09:00:00Z',
                endsAt: '2026-03-23T09:20:00Z',
              }),
            ],
          },
    );
    show();
    const eva = await screen.findByRole('button', { name: `09:30–09:50, Eva Sol, Confirmada, ${CONFIRMED_LABEL}` });
    expect(eva).toHaveTextContent('✓✓');
    expect(screen.getByRole('button', { name: '10:00–10:20, Íñigo Gil, Confirmada' })).not.toHaveTextContent('✓✓');
  });

  it("remembers the user's choice of doctors and their order", async () => {
    stubApi((call) => ({ status: 200, body: call.url.startsWith('/api/appointment-answers') ? { answers: [] } : [] }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Profesionales (2 de 2)' }));
    await user.click(screen.getByRole('button', { name: 'Subir a Dr. Luis Mar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar a Dra. Ana Pez' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Dr. Luis Mar']);
    expect(JSON.parse(window.localStorage.getItem(columnsStorageKey('u-admin'))!)).toEqual({
      order: ['d-2', 'd-1'],
      hidden: ['d-1'],
    });

    cleanup();
    show();
    expect((await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent)).toEqual(['Dr. Luis Mar']);
    expect(screen.getByRole('button', { name: 'Profesionales (1 de 2)' })).toBeInTheDocument();
  });
});
