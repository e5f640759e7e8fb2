import '../../../test/mantine-polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question, QuestionnaireRequest } from '../../../../common/schemas/questionnaires';
import { ApiError } from '../../../lib/api-client';
import { renderScreen } from '../../../test/render';
import { QuestionnairePageBody } from './questionnaire-page-body';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const q = (id: string, label: string, kind: Question['kind'], required = false): Question => ({
  id,
  label,
  help: '',
  kind,
  required,
  options: kind === 'single_choice' ? ['A', 'B'] : [],
  unit: '',
  followUp: '',
});

const request: QuestionnaireRequest = {
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
  intro: 'Nos ayuda a preparar tu visita.',
  versionNumber: 1,
  sections: [
    {
      id: 'motivo',
      title: 'Motivo',
      questions: [q('motivo', '¿Por qué pides la cita?', 'short_text', true), q('desde', '¿Desde cuándo?', 'date')],
    },
    {
      id: 'salud',
      title: 'Tu salud',
      questions: [
        q('fuma', '¿Fumas?', 'yes_no', true),
        q('grupo', 'Grupo sanguíneo', 'single_choice', true),
        q('alergias', 'Alergias', 'allergies', true),
        q('medicacion', 'Medicación', 'medications'),
      ],
    },
  ],
  answers: {},
  savedAt: null,
  submittedAt: null,
  copied: [],
};

function renderForm(submit = vi.fn(async () => request)) {
  const save = vi.fn(async () => ({ savedAt: '2026-11-27T08:05:00.000Z' }));
  return { save, submit, ...renderScreen(<QuestionnairePageBody request={request} save={save} submit={submit} />) };
}

describe('the questionnaire as the patient fills it', () => {
  it('says who sees the answers: the professionals who attend her and the staff who need them, not «only your doctor»', () => {
    renderForm();
    expect(
      screen.getByText(
        'Quién ve tus respuestas: los profesionales que te atienden y el personal de la clínica que las necesita para atenderte.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/solo las ve tu médico/)).toBeNull();
  });

  it('marks every required question with «*» (lists too) and only the others «(opcional)»', () => {
    const { container } = renderForm();
    const labelOf = (text: RegExp) =>
      Array.from(container.querySelectorAll('label, .mantine-InputWrapper-label, [data-question-label]')).find((node) =>
        text.test(node.textContent ?? ''),
      )!;
    for (const label of [/¿Por qué pides la cita\?/, /¿Fumas\?/, /Grupo sanguíneo/, /^Alergias/]) {
      expect(labelOf(label)?.textContent, String(label)).toMatch(/\*$/);
    }
    expect(labelOf(/^Medicación/).textContent).toBe('Medicación (opcional)');
  });

  it('takes the date as dd/mm/aaaa whatever the browser’s language, and saves it as a calendar date', async () => {
    const { user, save } = renderForm();
    const date = screen.getByRole('textbox', { name: /¿Desde cuándo\?/ });
    expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(date).not.toHaveAttribute('type', 'date');
    await user.type(date, '05/03/2024');
    await user.tab();
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ desde: '2024-03-05' })));
  });

  it('on a refused submit brings the first unanswered question into view and puts the cursor in it', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const submit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION', 'Faltan respuestas', {
        'answers.grupo': 'Elige una opción',
        'answers.fuma': 'Responde sí o no',
      });
    });
    const { user } = renderForm(submit);
    await user.click(screen.getByRole('button', { name: 'Enviar el cuestionario' }));
    expect(await screen.findByText('Responde sí o no')).toBeInTheDocument();
    const fuma = screen.getByRole('radiogroup', { name: /¿Fumas\?/ });
    await waitFor(() => expect(scrolled.at(-1)?.contains(fuma)).toBe(true));
    expect(fuma.contains(document.activeElement)).toBe(true);
  });
});
