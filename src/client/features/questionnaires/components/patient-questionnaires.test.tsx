import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientQuestionnaires } from './patient-questionnaires';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = (changes: Partial<QuestionnaireRequest>): QuestionnaireRequest => ({
  id: 'r-1',
  status: 'pendiente',
  appointmentId: 'a-1',
  patientId: 'p-1',
  patientName: 'Inés Ibáñez',
  appointmentStartsAt: '2026-03-04T08:00:00.000Z',
  doctorName: 'Dra. Marta Sánchez',
  closesAt: '2026-03-04T08:30:00.000Z',
  open: true,
  title: 'Cuestionario de primera visita',
  intro: '',
  versionNumber: 1,
  sections: [
    {
      id: 's',
      title: 'Tu salud',
      questions: [
        {
          id: 'motivo',
          label: '¿Por qué pides la cita?',
          help: '',
          kind: 'short_text',
          required: true,
          options: [],
          unit: '',
          followUp: '',
        },
      ],
    },
  ],
  answers: {},
  savedAt: null,
  submittedAt: null,
  copied: [],
  ...changes,
});

function show(rows: QuestionnaireRequest[], timeZone = 'Europe/Madrid') {
  stubApi((call) =>
    call.url === '/api/patients/p-1/questionnaires'
      ? { status: 200, body: rows }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } },
  );
  const rendered = renderScreen(<PatientQuestionnaires patientId="p-1" timeZone={timeZone} />);
  return { ...rendered, section: screen.findByRole('region', { name: 'Cuestionarios' }) };
}

describe('«Cuestionarios» on a chart', () => {
  it('says so in Spanish when none was asked', async () => {
    const section = await show([]).section;
    expect(await within(section).findByText('No se le ha pedido ningún cuestionario.')).toBeVisible();
  });

  it('names each state — sent with its date, half-filled, not started, closed unsent — and opens the answers', async () => {
    const { section: found, user } = show([
      request({
        id: 'r-sent',
        status: 'enviado',
        open: false,
        answers: { motivo: 'Dolor de rodilla' },
        savedAt: '2026-03-02T09:10:00.000Z',
        submittedAt: '2026-03-02T09:12:00.000Z',
      }),
      request({ id: 'r-half', answers: { motivo: 'Espalda' }, savedAt: '2026-03-02T11:00:00.000Z' }),
      request({ id: 'r-new', title: 'Cuestionario de alergias' }),
      request({
        id: 'r-closed',
        title: 'Cuestionario antiguo',
        open: false,
        appointmentStartsAt: '2026-01-13T15:30:00.000Z',
      }),
    ]);
    const section = await found;
    const controls = await within(section).findAllByRole('button');
    expect(controls).toHaveLength(4);
    const [sent, half, fresh, closed] = controls as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(sent).getByText('Enviado')).toBeVisible();
    expect(
      within(sent).getByText(
        'Cita del miércoles, 4 de marzo de 2026, 09:00 · versión 1 · enviado el 2 mar 2026, 10:12',
      ),
    ).toBeVisible();
    expect(within(half).getByText('A medias')).toBeVisible();
    expect(within(fresh).getByText('Pendiente')).toBeVisible();
    expect(within(closed).getByText('Sin enviar')).toBeVisible();
    expect(within(closed).getByText('Cita del martes, 13 de enero de 2026, 16:30 · versión 1')).toBeVisible();

    // The first is open; the others show what was saved, or that nothing was.
    expect(within(section).getByText('Dolor de rodilla')).toBeVisible();
    await user.click(half);
    expect(half).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(section).getByText('Espalda')).toBeVisible());
    expect(
      within(section).getByText('La paciente aún no lo ha enviado: lo que ves es lo que lleva guardado.'),
    ).toBeVisible();
    await user.click(fresh);
    await waitFor(() =>
      expect(within(section).getByText('La paciente aún no ha empezado a rellenarlo.')).toBeVisible(),
    );
    // Nothing saved: the note alone, not a list of unanswered questions.
    expect(within(section).queryByText('Sin responder')).toBeNull();
    await user.click(closed);
    await waitFor(() => expect(within(section).getByText('No lo rellenó antes de la visita.')).toBeVisible());
    // The desk copies nothing into the record.
    expect(within(section).queryByRole('button', { name: /Copiar a la historia/ })).toBeNull();
  });
});

describe('«Copiar a la historia» of a declared allergy', () => {
  it('is not offered when the record already has it (whatever the case or accents); a new one is', async () => {
    const sent = request({
      status: 'enviado',
      open: false,
      submittedAt: '2026-03-03T10:00:00.000Z',
      sections: [
        {
          id: 's',
          title: 'Tu salud',
          questions: [
            {
              id: 'alergias',
              label: 'Alergias',
              help: '',
              kind: 'allergies',
              required: true,
              options: [],
              unit: '',
              followUp: '',
            },
          ],
        },
      ],
      answers: {
        alergias: {
          none: false,
          items: [
            { substance: 'Penicilina', reaction: 'Urticaria' },
            { substance: 'Látex', reaction: 'Picor' },
          ],
        },
      },
    });
    stubApi((call) =>
      call.url === '/api/patients/p-1/questionnaires'
        ? { status: 200, body: [sent] }
        : call.url === '/api/patients/p-1/context'
          ? {
              status: 200,
              body: {
                patientId: 'p-1',
                age: 40,
                allergies: 'PENICILÍNA, polen',
                medicalHistory: '',
                activeTreatments: [],
                currentMedication: [],
                lastNotes: [],
              },
            }
          : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } },
    );
    renderScreen(<PatientQuestionnaires patientId="p-1" timeZone="Europe/Madrid" canCopy />);
    const panel = await screen.findByRole('region', { name: 'Cuestionarios' });
    expect(await within(panel).findByRole('button', { name: 'Copiar a la historia (alergia: Látex)' })).toBeVisible();
    expect(within(panel).getByText('Penicilina — Urticaria')).toBeVisible();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Copiar a la historia (alergia: Penicilina)' })).toBeNull(),
    );
    expect(within(panel).getAllByText('En la historia')).toHaveLength(1);
  });
});
