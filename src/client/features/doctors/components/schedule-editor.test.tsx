import '../../../test/mantine-polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Doctor, Specialty } from '../../../../common/schemas/doctors';
import { renderScreen, stubApi } from '../../../test/render';
import { DoctorForm } from './doctor-form';
import { nextInterval, normalizeTime } from './schedule-editor';

const specialties: Specialty[] = [
  { id: '6f1c1a52-4a53-4b3e-9d7c-0c6b1b2a9a11', name: 'Medicina general', doctorCount: 0 },
];

const doctor: Doctor = {
  id: 'd-1',
  email: 'lucia@clinica.test',
  displayName: 'Dra. Lucía Martín',
  phone: '',
  specialtyId: specialties[0]!.id,
  specialty: 'Medicina general',
  licenseNumber: '28/123456',
  bio: '',
  photoUrl: '',
  color: '#1c7ed6',
  appointmentMinutes: 30,
  active: true,
  schedule: [{ weekday: 1, start: '09:00', end: '14:00' }],
  absences: [],
  nextFreeSlot: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<Parameters<typeof DoctorForm>[0]> = {}) {
  const onSaved = vi.fn();
  const view = renderScreen(
    <DoctorForm
      specialties={specialties}
      defaultAppointmentMinutes={30}
      onSaved={onSaved}
      onCancel={() => {}}
      {...props}
    />,
  );
  return { ...view, onSaved };
}

/** Replaces a time and leaves the field. */
function setTime(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('weekly schedule editor', () => {
  it('adds a second interval to a day, after the first one', async () => {
    const { user } = renderForm();
    const monday = screen.getByRole('group', { name: 'Lunes' });
    expect(within(monday).getByText('Sin consulta')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));

    expect(screen.getByLabelText('Lunes, tramo 1: inicio')).toHaveValue('09:00');
    expect(screen.getByLabelText('Lunes, tramo 1: fin')).toHaveValue('14:00');
    expect(screen.getByLabelText('Lunes, tramo 2: inicio')).toHaveValue('15:00');
    expect(screen.getByLabelText('Lunes, tramo 2: fin')).toHaveValue('18:00');
    expect(within(monday).queryByText('Sin consulta')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Martes' })).getByText('Sin consulta')).toBeInTheDocument();
  });

  it('shows the Spanish overlap message of the schema and sends nothing', async () => {
    const { calls } = stubApi(() => ({ status: 500 }));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));

    // Typed the quick way: «13» becomes 13:00 on leaving the field.
    const start = screen.getByRole('textbox', { name: 'Lunes, tramo 2: inicio' });
    await user.clear(start);
    await user.type(start, '13');
    await user.tab();
    expect(start).toHaveValue('13:00');

    expect(await screen.findByText('Lunes: los tramos 09:00–14:00 y 13:00–18:00 se solapan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear doctor' }));
    expect(screen.getByText('Lunes: los tramos 09:00–14:00 y 13:00–18:00 se solapan')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // Fixing it clears the message.
    setTime(screen.getByLabelText('Lunes, tramo 2: inicio'), '16:00');
    await waitFor(() => expect(screen.queryByText(/se solapan/)).not.toBeInTheDocument());
  });

  it('refuses an interval that ends before it starts', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al viernes' }));
    setTime(screen.getByLabelText('Viernes, tramo 1: fin'), '08:00');
    expect(await screen.findByText('Viernes: el tramo 09:00–08:00 termina antes de empezar')).toBeInTheDocument();
  });

  it('copies Monday to Tuesday–Friday and removes an interval', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    await user.click(screen.getByRole('button', { name: 'Copiar el lunes de martes a viernes' }));
    expect(screen.getByLabelText('Viernes, tramo 1: inicio')).toHaveValue('09:00');
    expect(within(screen.getByRole('group', { name: 'Sábado' })).getByText('Sin consulta')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar el tramo 1 del miércoles' }));
    expect(within(screen.getByRole('group', { name: 'Miércoles' })).getByText('Sin consulta')).toBeInTheDocument();
  });

  it('creates a doctor with the schedule sorted by day and time', async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { ...doctor, id: 'd-2', email: 'ana@clinica.test' } }
        : { status: 404 },
    );
    const { user, onSaved } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Nombre y apellidos' }), 'Dra. Ana Ruiz');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'Ana@Clinica.test');
    await user.type(screen.getByRole('textbox', { name: 'Nº de colegiado' }), '28/654321');
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al martes' }));
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    await user.click(screen.getByRole('button', { name: 'Crear doctor' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/doctors');
    expect(post?.body).toMatchObject({
      displayName: 'Dra. Ana Ruiz',
      email: 'ana@clinica.test',
      specialtyId: specialties[0]!.id,
      appointmentMinutes: 30,
      active: true,
      schedule: [
        { weekday: 1, start: '09:00', end: '14:00' },
        { weekday: 1, start: '15:00', end: '18:00' },
        { weekday: 2, start: '09:00', end: '14:00' },
      ],
    });
  });

  it('shows a server field message next to its interval and keeps what was typed', async () => {
    stubApi((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Revisa los datos enviados.',
                fields: { 'schedule.1.start': 'Lunes: el tramo empieza fuera del horario de la clínica' },
              },
            },
          }
        : { status: 404 },
    );
    const { user, onSaved } = renderForm({ doctor });
    await user.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
    setTime(screen.getByLabelText('Lunes, tramo 2: inicio'), '20:00');
    setTime(screen.getByLabelText('Lunes, tramo 2: fin'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Lunes: el tramo empieza fuera del horario de la clínica')).toBeInTheDocument();
    expect(screen.getByText('No se han podido guardar los cambios')).toBeInTheDocument();
    expect(screen.getByText('Revisa los datos enviados.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lunes, tramo 2: inicio')).toHaveValue('20:00');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('schedule helpers', () => {
  it('reads the quick ways of typing a time as HH:MM', () => {
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('1630')).toBe('16:30');
    expect(normalizeTime('9.5')).toBe('09:05');
    expect(normalizeTime('16h')).toBe('16:00');
    expect(normalizeTime('25:00')).toBe('25:00');
    expect(normalizeTime('mañana')).toBe('mañana');
  });

  it('proposes the next interval one hour after the last one of the day', () => {
    expect(nextInterval(2, [])).toEqual({ weekday: 2, start: '09:00', end: '14:00' });
    expect(nextInterval(2, [{ weekday: 2, start: '09:00', end: '14:00' }])).toEqual({
      weekday: 2,
      start: '15:00',
      end: '18:00',
    });
    expect(nextInterval(2, [{ weekday: 2, start: '16:00', end: '23:00' }])).toEqual({
      weekday: 2,
      start: '22:00',
      end: '23:59',
    });
  });
});
