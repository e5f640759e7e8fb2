import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultationForms, DeclaredItem } from '../../../../common/schemas/consultation';
import type { QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { fixClock } from '../../../test/clock';
import { renderScreen, stubApi } from '../../../test/render';
import { VisitConsents } from '../../../features/consents/components/visit-consents';
import { ConsultationQuestionnaires } from '../../../features/questionnaires/components/consultation-questionnaires';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = (id: string, kind: 'medications' | 'allergies', label: string) => ({
  id,
  label,
  help: '',
  kind,
  required: false,
  options: [],
  unit: '',
  followUp: '',
});

// An evening visit: Thursday 5 March 2026, 20:15 in Madrid; the answers sent that morning, the previous on Monday.
const answers: QuestionnaireRequest = {
  id: 'r-tonight',
  status: 'enviado',
  appointmentId: 'a-tonight',
  patientId: 'p-1',
  patientName: 'Irene Salas',
  appointmentStartsAt: '2026-03-05T19:15:00.000Z',
  doctorName: 'Dra. Marta Sánchez',
  closesAt: '2026-03-05T19:45:00.000Z',
  open: false,
  title: 'Anamnesis',
  intro: '',
  versionNumber: 2,
  sections: [
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [
        { ...list('motivo', 'medications', ''), kind: 'short_text', label: '¿Por qué vienes?' },
        list('farmacos', 'medications', '¿Qué medicación tomas?'),
        list('alergias', 'allergies', '¿Tienes alergias?'),
      ],
    },
  ],
  answers: {
    motivo: 'Mareos al levantarme',
    farmacos: { none: false, items: [{ name: 'Enalapril', dose: '10 mg' }] },
    alergias: { none: false, items: [{ substance: 'Penicilina', reaction: 'Urticaria' }] },
  },
  savedAt: '2026-03-05T07:00:00.000Z',
  submittedAt: '2026-03-05T07:00:00.000Z',
  copied: [],
};
const enalapril: DeclaredItem = {
  questionId: 'farmacos',
  index: 0,
  kind: 'medications',
  name: 'Enalapril',
  detail: '10 mg',
  isNew: true,
  inRecord: false,
};
const penicilina: DeclaredItem = {
  questionId: 'alergias',
  index: 0,
  kind: 'allergies',
  name: 'Penicilina',
  detail: 'Urticaria',
  isNew: false,
  inRecord: true,
};
const forms = (declared: DeclaredItem[]): ConsultationForms => ({
  appointmentId: 'a-tonight',
  consents: [
    {
      requestId: 'c-1',
      title: 'Infiltración articular',
      versionNumber: 1,
      status: 'firmado',
      actedAt: '2026-03-05T07:10:00.000Z',
      pdfUrl: '/api/consent-requests/c-1/pdf',
    },
    { requestId: 'c-2', title: 'Uso de imágenes', versionNumber: 3, status: 'pendiente', actedAt: null, pdfUrl: null },
  ],
  questionnaires: [
    {
      questionnaireId: 'q-1',
      answers,
      previousSubmittedAt: '2026-03-02T08:00:00.000Z',
      declared,
      removed: [{ kind: 'medications', name: 'Ibuprofeno' }],
      thisVisit: null,
    },
  ],
});

function show() {
  fixClock('2026-03-05T19:30:00.000Z');
  let copied = false;
  const api = stubApi((call) => {
    if (call.method === 'POST') {
      copied = true;
      return { status: 200, body: { ...answers, copied: ['farmacos:0'] } };
    }
    if (call.url === '/api/appointments/a-tonight/forms')
      return { status: 200, body: forms([{ ...enalapril, inRecord: copied }, penicilina]) };
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No encontrado' } } };
  });
  const rendered = renderScreen(
    <>
      <VisitConsents appointmentId="a-tonight" visitStarted timeZone="Europe/Madrid" />
      <ConsultationQuestionnaires appointmentId="a-tonight" patientId="p-1" timeZone="Europe/Madrid" />
    </>,
  );
  return { ...api, ...rendered };
}

describe('beside the consultation’s note', () => {
  it('«Consentimientos»: each consent of the visit with its title, state, when it was signed and its PDF', async () => {
    show();
    const section = await screen.findByRole('region', { name: 'Consentimientos' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Infiltración articular');
    expect(within(items[0]!).getByLabelText('Consentimiento «Infiltración articular»: Firmado')).toBeVisible();
    // Signed at 08:10 in Madrid (the suite runs in New York: a date in the browser's zone would say 02:10).
    expect(items[0]).toHaveTextContent('Versión 1 · Firmado el 5 mar 2026, 8:10');
    expect(within(items[0]!).getByRole('link', { name: 'Ver PDF de «Infiltración articular»' })).toHaveAttribute(
      'href',
      '/api/consent-requests/c-1/pdf',
    );
    // The pending one, once the visit has started: «Sin firmar», and no PDF.
    expect(within(items[1]!).getByLabelText('Consentimiento «Uso de imágenes»: Sin firmar')).toBeVisible();
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('«Cuestionarios»: the latest answers, what is new highlighted, a copy offered only for what the record lacks, once', async () => {
    const { calls, user } = show();
    const section = await screen.findByRole('region', { name: 'Cuestionarios' });
    expect(
      await within(section).findByText('Enviado el 5 mar 2026, 8:00 · cita del jueves, 5 de marzo de 2026, 20:15'),
    ).toBeVisible();
    expect(within(section).getByText('Comparado con sus respuestas del 2 mar 2026, 9:00.')).toBeVisible();
    const medication = within(section).getByRole('list', { name: 'Medicación declarada' });
    expect(within(medication).getByText('Enalapril — 10 mg')).toBeVisible();
    expect(within(medication).getByText('Nuevo desde la última vez')).toBeVisible();
    expect(within(section).getByText('Ya no declara: Ibuprofeno')).toBeVisible();
    const allergies = within(section).getByRole('list', { name: 'Alergias declaradas' });
    expect(within(allergies).queryByText('Nuevo desde la última vez')).toBeNull();
    expect(within(allergies).getByText('En la historia')).toBeVisible();
    // Penicilina is in the record: never offered, not even while anything loads.
    expect(within(section).queryByRole('button', { name: /Penicilina/ })).toBeNull();
    // This visit's other answers are unfolded; the lists are not repeated there.
    expect(within(section).getByText('Mareos al levantarme')).toBeVisible();
    expect(within(section).getAllByText('Enalapril — 10 mg')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Copiar a la historia (medicación: Enalapril)' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: '/api/questionnaire-requests/r-tonight/copies',
        body: { questionId: 'farmacos', index: 0 },
      }),
    );
    // Refreshed from the server: now in the record, and not offered again.
    await waitFor(() => expect(within(medication).getByText('En la historia')).toBeVisible());
    expect(within(section).queryByRole('button', { name: /Copiar a la historia/ })).toBeNull();
  });
});
