import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { renderScreen, stubApi } from '../../../test/render';
import { PatientQuestionnaires } from '../../../features/questionnaires/components/patient-questionnaires';
import QuestionnaireLinkPage from './link';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const q = (
  id: string,
  label: string,
  kind: QuestionnaireRequest['sections'][number]['questions'][number]['kind'],
  required = false,
) => ({
  id,
  label,
  help: '',
  kind,
  required,
  options: [],
  unit: kind === 'number' ? 'kg' : '',
  followUp: kind === 'yes_no' ? '¿Cuántos al día?' : '',
});
const request = (changes: Partial<QuestionnaireRequest> = {}): QuestionnaireRequest => ({
  id: 'r-1',
  status: 'pendiente',
  appointmentId: 'a-1',
  patientId: 'p-1',
  patientName: 'Inés Ibáñez',
  appointmentStartsAt: '2026-12-02T09:00:00.000Z',
  doctorName: 'Dra. Marta Sánchez',
  closesAt: '2026-12-02T09:30:00.000Z',
  open: true,
  title: 'Cuestionario de primera visita',
  intro: '',
  versionNumber: 1,
  sections: [
    {
      id: 's',
      title: 'Tu salud',
      questions: [
        q('motivo', 'Motivo', 'short_text', true),
        q('fuma', '¿Fumas?', 'yes_no', true),
        q('alergias', 'Alergias', 'allergies'),
      ],
    },
  ],
  answers: { motivo: 'Dolor' },
  savedAt: '2026-11-27T08:00:00.000Z',
  submittedAt: null,
  copied: [],
  ...changes,
});

describe('the questionnaire from the e-mail link', () => {
  it('resumes what was saved, saves a change when she leaves the field, shows the server’s messages and sends', async () => {
    let submits = 0;
    const { calls } = stubApi((call) => {
      if (call.method === 'PUT') return { status: 200, body: { savedAt: '2026-11-27T08:05:00.000Z' } };
      if (call.method === 'POST') {
        submits += 1;
        return submits === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION',
                  message: 'Faltan respuestas',
                  fields: { 'answers.fuma': 'Responde sí o no' },
                },
              },
            }
          : {
              status: 200,
              body: request({
                status: 'enviado',
                open: false,
                answers: { motivo: 'Dolor de espalda', fuma: { value: false, detail: '' } },
              }),
            };
      }
      return { status: 200, body: request() };
    });
    const { user } = renderScreen(<QuestionnaireLinkPage />, { path: '/cuestionario/:token', at: '/cuestionario/tok' });
    const motivo = await screen.findByRole('textbox', { name: /Motivo/ });
    expect(motivo).toHaveValue('Dolor');
    await user.type(motivo, ' de espalda');
    await user.tab();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/questionnaire-links/tok/draft',
      body: { answers: { motivo: 'Dolor de espalda' } },
    });
    expect(await screen.findByText(/^Guardado a las/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar el cuestionario' }));
    expect(await screen.findByText('Responde sí o no')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Enviar el cuestionario' }));
    expect(await screen.findByText('Cuestionario enviado')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      url: '/api/questionnaire-links/tok/submit',
      body: { answers: { motivo: 'Dolor de espalda', fuma: { value: false, detail: '' } } },
    });
  });

  it('says so when the link has expired', async () => {
    stubApi(() => ({
      status: 410,
      body: { error: { code: 'QUESTIONNAIRE_CLOSED', message: 'Este enlace ha caducado' } },
    }));
    renderScreen(<QuestionnaireLinkPage />, { path: '/cuestionario/:token', at: '/cuestionario/tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ha caducado');
  });
});

describe('the answers on the doctor’s screens', () => {
  it('copies a declared allergy into the record only when the doctor asks, item by item', async () => {
    const sent = request({
      status: 'enviado',
      open: false,
      answers: {
        motivo: 'Dolor',
        fuma: { value: true, detail: '5' },
        alergias: { none: false, items: [{ substance: 'Penicilina', reaction: 'Urticaria' }] },
      },
    });
    const { calls } = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: { ...sent, copied: ['alergias:0'] } }
        : call.url === '/api/patients/p-1/context'
          ? { status: 200, body: { patientId: 'p-1', allergies: '', medicalHistory: '' } }
          : { status: 200, body: [sent] },
    );
    const { user } = renderScreen(<PatientQuestionnaires patientId="p-1" timeZone="Europe/Madrid" canCopy />);
    const panel = await screen.findByRole('region', { name: 'Cuestionarios' });
    expect(await within(panel).findByText('Sí — 5')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(await within(panel).findByRole('button', { name: 'Copiar a la historia (alergia: Penicilina)' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: '/api/questionnaire-requests/r-1/copies',
        body: { questionId: 'alergias', index: 0 },
      }),
    );
  });
});
