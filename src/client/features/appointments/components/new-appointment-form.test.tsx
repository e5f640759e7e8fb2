import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '../../../../common/schemas/appointments';
import type { ClinicService } from '../../../../common/schemas/clinic-services';
import type { Doctor } from '../../../../common/schemas/doctors';
import type { Patient } from '../../../../common/schemas/patients';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { NewAppointmentForm } from './new-appointment-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doctor: Doctor = {
  id: '546a5faf-889a-4c28-9b5b-a828f4c5d46b',
  email: 'doctora@clinica.demo',
  displayName: 'Dra. Lucía Fernández',
  phone: '',
  specialtyId: 's-1',
  specialty: 'Medicina familiar',
  licenseNumber: '282812345',
  bio: '',
  photoUrl: '',
  color: '#1c7ed6',
  appointmentMinutes: 20,
  active: true,
  schedule: [{ weekday: 1, start: '09:00', end: '14:00' }],
  absences: [],
  nextFreeSlot: null,
};

const patient: Patient = {
  id: '4df2850f-a2c0-48cf-bc94-503f07fbad31',
  firstName: 'Cristina',
  lastName: 'Alonso Pardo',
  documentType: 'dni',
  documentNumber: '11544205E',
  documentCountry: null,
  birthDate: '1980-01-01',
  sex: 'mujer',
  phone: '+34 670 506 426',
  email: 'cristina@example.com',
  address: '',
  insurer: '',
  policyNumber: '',
  insurerId: null,
  cardNumber: '',
  cardExpiry: null,
  allergies: '',
  medicalHistory: '',
  notes: '',
  privacyConsentAt: null,
  privacyConsentChannel: null,
  hasAccount: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const availability: Availability = {
  timeZone: 'Europe/Madrid',
  doctors: [
    {
      id: doctor.id,
      displayName: doctor.displayName,
      specialty: doctor.specialty,
      color: doctor.color,
      appointmentMinutes: 20,
      slots: [
        { startsAt: '2030-03-25T08:00:00Z', endsAt: '2030-03-25T08:20:00Z' },
        { startsAt: '2030-03-25T08:20:00Z', endsAt: '2030-03-25T08:40:00Z' },
      ],
    },
  ],
};

const service = (id: string, name: string, specialtyId: string, durationMinutes: number): ClinicService => ({
  id,
  name,
  specialtyId,
  specialty: specialtyId === 's-1' ? 'Medicina familiar' : 'Dermatología',
  doctors: [],
  durationMinutes,
  priceCents: 8000,
  vat: 'exenta',
  bookableOnline: true,
  active: true,
  note: '',
  appointmentCount: 0,
  depositCents: null,
  depositRefundHours: 48,
});
/** One of the doctor's specialty and one of another's, which she does not perform. */
const services = [service('c-1', 'Ecografía', 's-1', 40), service('c-2', 'Dermatoscopia', 's-2', 30)];

type Answer = (call: ApiCall) => { status: number; body?: unknown } | undefined;

function renderForm(onPost: Answer, answerAvailability: (call: ApiCall) => Availability = () => availability) {
  const api = stubApi((call) => {
    if (call.method === 'POST') return onPost(call) ?? { status: 500 };
    if (call.url.startsWith('/api/public/availability')) return { status: 200, body: answerAvailability(call) };
    if (call.url === `/api/patients/${patient.id}`) return { status: 200, body: patient };
    if (call.url === '/api/services') return { status: 200, body: services };
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } };
  });
  const view = renderScreen(
    <NewAppointmentForm
      timeZone="Europe/Madrid"
      doctors={[doctor]}
      // Monday 25 March 2030, 10:00 in Madrid.
      prefill={{ doctorId: doctor.id, startsAt: '2030-03-25T09:00:00.000Z', patientId: patient.id }}
    />,
    { path: '/admin/citas/nueva', routes: [{ path: '/admin/calendario', element: <p>Calendario</p> }] },
  );
  return { ...api, ...view };
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('new appointment form', () => {
  it('books the prefilled time, asking before booking outside the hours', async () => {
    const { calls, user, router } = renderForm((call) =>
      (call.body as { allowOutsideHours: boolean }).allowOutsideHours
        ? {
            status: 201,
            body: appointment({ id: 'a-new', patientName: 'Cristina Alonso Pardo', startsAt: '2030-03-25T09:00:00Z' }),
          }
        : {
            status: 422,
            body: {
              error: {
                code: 'OUTSIDE_HOURS',
                message:
                  'La hora elegida está fuera del horario de Dra. Lucía Fernández. ¿Quieres reservar igualmente?',
              },
            },
          },
    );
    // The prefilled patient, doctor and free slots show.
    expect(await screen.findByDisplayValue('Cristina Alonso Pardo')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '09:00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));

    const dialog = await screen.findByRole('dialog', { name: '¿Reservar fuera del horario?' });
    expect(within(dialog).getByText(/fuera del horario de Dra. Lucía Fernández/)).toBeInTheDocument();
    expect(posts(calls)[0]!.body).toEqual({
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: '2030-03-25T09:00:00.000Z',
      endsAt: '2030-03-25T09:20:00.000Z',
      reason: '',
      channel: 'telefono',
      allowOutsideHours: false,
      // Her record names no insurer: the visit is private (decision 0118).
      payer: { kind: 'privado' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Sí, reservar igualmente' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/calendario'));
    // The calendar opens at the new appointment: its day, and the appointment itself to outline.
    expect(router.state.location.search).toBe('?date=2030-03-25&cita=a-new');
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]!.body).toMatchObject({ allowOutsideHours: true, startsAt: '2030-03-25T09:00:00.000Z' });
    expect(screen.getByText('Cita reservada')).toBeInTheDocument();
  });

  it('books a service the doctor performs, for its length', async () => {
    const { calls, user } = renderForm(() => ({ status: 201, body: appointment() }));
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('combobox', { name: 'Servicio' }));
    expect(screen.queryByRole('option', { name: /Dermatoscopia/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /^Ecografía · 40 min · 80,00\s€$/ }));
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      serviceId: 'c-1',
      startsAt: '2030-03-25T08:00:00.000Z',
      endsAt: '2030-03-25T08:40:00.000Z',
    });
  });

  it('books a free slot picked from the chips', async () => {
    const { calls, user } = renderForm(() => ({ status: 201, body: appointment() }));
    await user.click(await screen.findByRole('radio', { name: '09:20' }));
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      startsAt: '2030-03-25T08:20:00.000Z',
      endsAt: '2030-03-25T08:40:00.000Z',
    });
  });

  it('says when the time was taken meanwhile', async () => {
    const { user } = renderForm(() => ({
      status: 409,
      body: { error: { code: 'SLOT_TAKEN', message: 'La hora elegida ya no está disponible. Elige otra.' }, slots: [] },
    }));
    await screen.findByDisplayValue('Cristina Alonso Pardo');
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    const alert = (await screen.findByText('No se ha podido reservar la cita')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('La hora elegida ya no está disponible. Elige otra.');
    // Also next to the time, to choose another.
    expect(screen.getAllByText('La hora elegida ya no está disponible. Elige otra.')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a full day, offers the next free time after it and takes the form there', async () => {
    const full: Availability = { ...availability, doctors: [{ ...availability.doctors[0]!, slots: [] }] };
    // The day after the full one has no time either; the Wednesday has.
    const later: Availability = {
      ...availability,
      doctors: [
        {
          ...availability.doctors[0]!,
          slots: [
            { startsAt: '2030-03-27T16:40:00Z', endsAt: '2030-03-27T17:00:00Z' },
            { startsAt: '2030-03-27T16:00:00Z', endsAt: '2030-03-27T16:20:00Z' },
          ],
        },
      ],
    };
    const { calls, user } = renderForm(
      () => ({ status: 201, body: appointment() }),
      (call) => (call.url.includes('from=2030-03-25&to=2030-03-25') ? full : later),
    );
    expect(await screen.findByText(/No quedan horas libres ese día/)).toBeInTheDocument();
    expect(await screen.findByText('Próxima hora libre:')).toHaveTextContent(
      'Próxima hora libre: miércoles, 27 de marzo de 2030, 17:00',
    );
    expect(calls.some((call) => call.url.includes('from=2030-03-26&to=2030-05-25'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Ir a esa hora' }));
    expect(await screen.findByRole('radio', { name: '17:00' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      startsAt: '2030-03-27T16:00:00.000Z',
      endsAt: '2030-03-27T16:20:00.000Z',
    });
  });
});
