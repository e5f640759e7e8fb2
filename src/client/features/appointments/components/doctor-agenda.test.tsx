import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { DoctorAgenda } from './doctor-agenda';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const monday = [
  appointment({
    id: 'a-1',
    patientName: 'Ana García',
    startsAt: '2026-03-23T08:30:00Z',
    endsAt: '2026-03-23T09:00:00Z',
  }),
  appointment({
    id: 'a-2',
    patientId: 'p-2',
    patientName: 'Bruno Díaz',
    startsAt: '2026-03-23T09:00:00Z',
    endsAt: '2026-03-23T09:20:00Z',
    status: 'pendiente',
  }),
];

describe("doctor's agenda", () => {
  it("asks for the day in the clinic's zone and lists it", async () => {
    const { calls } = stubApi(() => ({ status: 200, body: monday }));
    renderScreen(<DoctorAgenda timeZone="Europe/Madrid" />, {
      session: signedInAs('doctor'),
      path: '/doctor/citas',
      at: '/doctor/citas?fecha=2026-03-23',
    });

    const day = await screen.findByRole('region', { name: 'Lunes, 23 de marzo de 2026' });
    expect(within(day).getByRole('button', { name: /^09:30–10:00 Ana García .*: abrir la cita$/ })).toBeInTheDocument();
    expect(within(day).getByRole('button', { name: /^10:00–10:20 Bruno Díaz .*: abrir la cita$/ })).toBeInTheDocument();
    expect(calls[0]!.url).toBe(
      '/api/doctor/appointments?from=2026-03-22T23%3A00%3A00.000Z&to=2026-03-23T23%3A00%3A00.000Z',
    );
  });

  it('shows the whole week, Monday to Friday at least', async () => {
    const { calls } = stubApi(() => ({ status: 200, body: monday }));
    renderScreen(<DoctorAgenda timeZone="Europe/Madrid" />, {
      session: signedInAs('doctor'),
      path: '/doctor/citas',
      at: '/doctor/citas?vista=semana&fecha=2026-03-25',
    });
    expect(await screen.findByText('Semana: 23–29 de marzo de 2026')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Viernes, 27 de marzo de 2026' })).toHaveTextContent('Sin citas.');
    expect(screen.queryByRole('region', { name: 'Sábado, 28 de marzo de 2026' })).not.toBeInTheDocument();
    // The week ends on Sunday midnight in Madrid, after the change to summer time.
    expect(calls[0]!.url).toContain('to=2026-03-29T22%3A00%3A00.000Z');
  });

  it("opens an appointment with the patient's chart and the doctor's own status changes", async () => {
    const { calls, fetchMock } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: { ...monday[0], status: 'atendida' } }
        : { status: 200, body: monday },
    );
    const { user } = renderScreen(<DoctorAgenda timeZone="Europe/Madrid" />, {
      session: signedInAs('doctor'),
      path: '/doctor/citas',
      at: '/doctor/citas?fecha=2026-03-23',
    });
    await user.click(await screen.findByRole('button', { name: /^09:30–10:00 Ana García .*: abrir la cita$/ }));

    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    expect(within(panel).getByRole('link', { name: 'Ver la ficha del paciente' })).toHaveAttribute(
      'href',
      '/doctor/pacientes/p-1',
    );
    expect(within(panel).getByRole('link', { name: '600 123 456' })).toHaveAttribute('href', 'tel:600123456');
    const actions = within(panel).getByRole('group', { name: /Cambiar el estado de la cita de Ana García/ });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Llegada', 'Atendida', 'No asistió']);

    // Never checked in: «Atendida» asks when she arrived (recorded after her start: the start is proposed).
    await user.click(within(actions).getByRole('button', { name: 'Atendida' }));
    const arrival = await screen.findByRole('dialog', { name: '¿A qué hora llegó?' });
    expect(within(arrival).getByLabelText(/Hora de llegada/)).toHaveValue('09:30');
    await user.click(within(arrival).getByRole('button', { name: 'Marcar como atendida' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/appointments/a-1/status');
    expect(post.body).toEqual({ status: 'atendida', arrivedAt: '2026-03-23T08:30:00.000Z' });
    // The agenda is asked again after the change.
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3));
  });
});
