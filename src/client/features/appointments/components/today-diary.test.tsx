import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TodayDiary as TodayDiaryData } from '../../../../common/schemas/appointments';
import { fixClock } from '../../../test/clock';
import { renderScreen, signedInAs, stubApi } from '../../../test/render';
import { appointment } from '../test/fixtures';
import { TodayDiary } from './today-diary';

/** The diary's stubs answer the reminder answers' endpoint too: none, unless a test gives some. */
function stubDiaryApi(answer: Parameters<typeof stubApi>[0], answers: unknown[] = []) {
  return stubApi((call) =>
    call.url.startsWith('/api/appointment-answers') ? { status: 200, body: { answers } } : answer(call),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function diary(): TodayDiaryData {
  return {
    date: '2026-03-23',
    today: '2026-03-23',
    timeZone: 'Europe/Madrid',
    doctors: [
      {
        id: 'd-1',
        displayName: 'Dra. Lucía Fernández',
        specialty: 'Medicina familiar',
        color: '#1c7ed6',
        appointments: [
          // Out of order on purpose: the diary sorts by time.
          appointment({ id: 'a-2', patientName: 'Bruno Díaz', startsAt: '2026-03-23T09:00:00Z', status: 'pendiente' }),
          appointment({ id: 'a-1', patientName: 'Ana García', startsAt: '2026-03-23T08:30:00Z', status: 'confirmada' }),
        ],
      },
      {
        id: 'd-2',
        displayName: 'Dr. Andrés Molina',
        specialty: 'Dermatología',
        color: '#e8590c',
        appointments: [
          appointment({
            id: 'a-3',
            doctorId: 'd-2',
            patientName: 'Carla Ruiz',
            startsAt: '2026-03-23T10:00:00Z',
            status: 'en_sala',
          }),
          appointment({
            id: 'a-4',
            doctorId: 'd-2',
            patientName: 'David Sanz',
            startsAt: '2026-03-23T11:00:00Z',
            status: 'atendida',
          }),
          appointment({
            id: 'a-5',
            doctorId: 'd-2',
            patientName: 'Elena Gil',
            startsAt: '2026-03-23T12:00:00Z',
            status: 'cancelada',
            cancelReason: 'Avisa de que no puede venir',
          }),
        ],
      },
      { id: 'd-3', displayName: 'Dr. Javier Ortega', specialty: 'Pediatría', color: '#2f9e44', appointments: [] },
    ],
  };
}

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

function renderDiary() {
  return renderScreen(<TodayDiary onDateChange={() => undefined} />, {
    session: signedInAs('admin'),
    path: '/admin/citas-hoy',
  });
}

describe('today diary', () => {
  // The diary's day at 12:30 in Madrid: Ana's 09:30 and Bruno's 10:00 have passed, Carla is in the room.
  beforeEach(() => fixClock('2026-03-23T11:30:00Z'));

  it('shows the day in the clinic zone, the counters, and a column per doctor with its appointments in order', async () => {
    stubDiaryApi(() => ({ status: 200, body: diary() }));
    renderDiary();

    expect(await screen.findByText('Lunes, 23 de marzo de 2026')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total: 4' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'En sala: 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Atendidas: 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Por llegar: 2' })).toBeInTheDocument();

    const lucia = screen.getByRole('region', { name: 'Dra. Lucía Fernández' });
    expect(within(lucia).getByText('2 citas')).toBeInTheDocument();
    const rows = within(lucia).getAllByRole('listitem');
    // 08:30Z and 09:00Z are 09:30 and 10:00 in Madrid (winter time).
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['09:30, Ana García', '10:00, Bruno Díaz']);
    expect(within(lucia).getByRole('link', { name: 'Ana García' })).toHaveAttribute('href', '/admin/pacientes/p-1');

    const andres = screen.getByRole('region', { name: 'Dr. Andrés Molina' });
    expect(within(andres).getAllByRole('listitem')).toHaveLength(3);
    expect(within(andres).getByText('Motivo de la cancelación: Avisa de que no puede venir')).toBeInTheDocument();
    expect(within(lucia).queryByText('Carla Ruiz')).not.toBeInTheDocument();

    const javier = screen.getByRole('region', { name: 'Dr. Javier Ortega' });
    expect(within(javier).getByText('Sin citas hoy.')).toBeInTheDocument();
  });

  it('offers the actions each status admits', async () => {
    stubDiaryApi(() => ({ status: 200, body: diary() }));
    renderDiary();
    const row = async (name: string) => (await screen.findByText(name)).closest('li')!;

    expect(buttonsOf(await row('Bruno Díaz'))).toEqual(['Confirmar', 'Cancelar', 'Cambiar fecha u hora']);
    expect(buttonsOf(await row('Ana García'))).toEqual([
      'Llegada',
      'Atendida',
      'No asistió',
      'Cancelar',
      'Cambiar fecha u hora',
    ]);
    // In the waiting room: she came, so never «No asistió».
    expect(buttonsOf(await row('Carla Ruiz'))).toEqual(['Atendida']);
    expect(buttonsOf(await row('David Sanz'))).toEqual([]);
    expect(buttonsOf(await row('Elena Gil'))).toEqual([]);
  });

  it("offers only what the clinic's clock allows: nothing of the day before it, no «No asistió» before the time", async () => {
    stubDiaryApi(() => ({ status: 200, body: diary() }));
    const row = async (name: string) => (await screen.findByText(name)).closest('li')!;

    // The evening before (19:00 in Madrid): the day's changes wait for the day.
    fixClock('2026-03-22T18:00:00Z');
    renderDiary();
    expect(buttonsOf(await row('Ana García'))).toEqual(['Cancelar', 'Cambiar fecha u hora']);
    cleanup();

    // 09:00 in Madrid, before Ana's 09:30: she may arrive, but is not a no-show yet.
    fixClock('2026-03-23T08:00:00Z');
    renderDiary();
    expect(buttonsOf(await row('Ana García'))).toEqual(['Llegada', 'Atendida', 'Cancelar', 'Cambiar fecha u hora']);
  });

  it('records an arrival through the status endpoint and refreshes the diary', async () => {
    let arrived = false;
    const { calls } = stubDiaryApi((call) => {
      if (call.method === 'POST') {
        arrived = true;
        return { status: 200, body: appointment({ id: 'a-1', patientName: 'Ana García', status: 'en_sala' }) };
      }
      const data = diary();
      if (arrived) data.doctors[0]!.appointments[1]!.status = 'en_sala';
      return { status: 200, body: data };
    });
    const { user } = renderDiary();
    const row = (await screen.findByText('Ana García')).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Llegada' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/appointments/a-1/status');
    expect(post.body).toEqual({ status: 'en_sala' });
    expect(await screen.findByText('Llegada registrada: el paciente está en sala')).toBeInTheDocument();
    await waitFor(() => expect(buttonsOf(screen.getByText('Ana García').closest('li')!)).toEqual(['Atendida']));
    expect(screen.getByRole('group', { name: 'En sala: 2' })).toBeInTheDocument();
  });

  it('asks for the reason before cancelling, and sends it', async () => {
    const { calls } = stubDiaryApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: appointment({ id: 'a-2', patientName: 'Bruno Díaz', status: 'cancelada' }) }
        : { status: 200, body: diary() },
    );
    const { user } = renderDiary();
    const row = (await screen.findByText('Bruno Díaz')).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la cita' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la cita' }));
    expect(await within(dialog).findByText('Indica el motivo de la cancelación')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la cancelación/ }), 'Llama para anular');
    // Hidden from the patient unless staff say otherwise.
    const show = within(dialog).getByRole('checkbox', { name: /Mostrar el motivo al paciente/ });
    expect(show).not.toBeChecked();
    await user.click(show);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la cita' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/appointments/a-2/status');
    expect(post.body).toEqual({ status: 'cancelada', reason: 'Llama para anular', showReasonToPatient: true });
    expect(await screen.findByText('Cita cancelada')).toBeInTheDocument();
  });

  it('shows the double tick of a patient who confirmed, and «Sin respuesta al recordatorio» narrows the diary to those to call', async () => {
    stubDiaryApi(
      () => ({ status: 200, body: diary() }),
      [{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: '2026-03-22T18:00:00Z' }],
    );
    const { user } = renderDiary();
    const ana = (await screen.findByText('Ana García')).closest('li')!;
    expect(await within(ana).findByRole('img', { name: 'Confirmada por el paciente' })).toHaveTextContent('✓✓');
    const bruno = screen.getByText('Bruno Díaz').closest('li')!;
    expect(within(bruno).getByText('Sin respuesta al recordatorio')).toBeInTheDocument();
    expect(within(bruno).queryByRole('img', { name: 'Confirmada por el paciente' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /^Sin respuesta al recordatorio \(\d+\)$/ }));
    await waitFor(() => expect(screen.queryByText('Ana García')).not.toBeInTheDocument());
    expect(screen.getByText('Bruno Díaz')).toBeInTheDocument();
  });

  it('keeps the ticks and the «Sin respuesta al recordatorio» count when refreshing the answers fails', async () => {
    let answerCalls = 0;
    const { fetchMock } = stubApi((call) => {
      if (call.url.startsWith('/api/appointment-answers')) {
        answerCalls += 1;
        return answerCalls === 1
          ? {
              status: 200,
              body: { answers: [{ appointmentId: 'a-1', answer: 'confirmed', answeredAt: '2026-03-22T18:00:00Z' }] },
            }
          : { status: 500, body: { error: { code: 'INTERNAL', message: 'Fallo' } } };
      }
      if (call.method === 'POST')
        return { status: 200, body: appointment({ id: 'a-1', patientName: 'Ana García', status: 'en_sala' }) };
      return { status: 200, body: diary() };
    });
    const { user } = renderDiary();
    const ana = (await screen.findByText('Ana García')).closest('li')!;
    expect(await within(ana).findByRole('img', { name: 'Confirmada por el paciente' })).toBeInTheDocument();
    const chip = screen.getByRole('checkbox', { name: 'Sin respuesta al recordatorio (1)' });

    // A change refetches the diary, and with it the answers: that refresh fails.
    await user.click(within(ana).getByRole('button', { name: 'Llegada' }));
    await waitFor(() => expect(answerCalls).toBeGreaterThan(1));
    await Promise.all(fetchMock.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(
      within(screen.getByText('Ana García').closest('li')!).getByRole('img', { name: 'Confirmada por el paciente' }),
    ).toBeInTheDocument();
    expect(chip).toBeEnabled();
    await user.click(chip);
    await waitFor(() => expect(screen.queryByText('Ana García')).not.toBeInTheDocument());
  });

  it("shows the server's message when a change is refused", async () => {
    stubDiaryApi((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              error: { code: 'INVALID_TRANSITION', message: 'La cita está atendida: no puede pasar a en sala.' },
            },
          }
        : { status: 200, body: diary() },
    );
    const { user } = renderDiary();
    const row = (await screen.findByText('Ana García')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Llegada' }));
    expect(await screen.findByText('La cita está atendida: no puede pasar a en sala.')).toBeInTheDocument();
    expect(screen.getByText('No se ha podido cambiar la cita')).toBeInTheDocument();
  });

  it('finds appointments by patient, phone or doctor as the desk types, ignoring accents and case', async () => {
    stubDiaryApi(() => ({
      status: 200,
      body: {
        ...diary(),
        doctors: diary().doctors.map((doctor, index) =>
          index === 0
            ? {
                ...doctor,
                appointments: [
                  ...doctor.appointments,
                  appointment({
                    id: 'a-9',
                    patientName: 'Íñigo Peña',
                    patientPhone: '+34 611 22 33 44',
                    startsAt: '2026-03-23T09:30:00Z',
                  }),
                ],
              }
            : doctor,
        ),
      },
    }));
    const { user } = renderDiary();
    await screen.findByText('Ana García');
    const search = screen.getByRole('searchbox', { name: 'Buscar en la agenda del día' });
    await user.type(search, 'inigo pena');
    expect(screen.getByText('Íñigo Peña')).toBeInTheDocument();
    expect(screen.queryByText('Ana García')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Dr. Andrés Molina' })).toBeNull();

    await user.clear(search);
    await user.type(search, '611 223');
    expect(screen.getByText('Íñigo Peña')).toBeInTheDocument();
    expect(screen.queryByText('Bruno Díaz')).toBeNull();

    await user.clear(search);
    await user.type(search, 'ANDRES');
    expect(screen.getByText('Carla Ruiz')).toBeInTheDocument();
    expect(screen.queryByText('Ana García')).toBeNull();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('Ninguna cita de hoy coincide con «zzz».');
    await user.click(screen.getByRole('button', { name: 'Borrar la búsqueda' }));
    expect(screen.getByText('Ana García')).toBeInTheDocument();
    expect(screen.getByText('Carla Ruiz')).toBeInTheDocument();
  });
});
