import { describe, expect, it } from 'vitest';
import { checkAnswers, declaredItems, isPlainDate } from './questionnaire-answers';
import { questionnaireVersionInputSchema, type QuestionnaireSection } from './schemas/questionnaires';

const q = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
  id,
  label: `Pregunta ${id}`,
  help: '',
  kind,
  required: false,
  options: [],
  unit: '',
  followUp: '',
  ...extra,
});
const sections = [
  {
    id: 's1',
    title: 'Sección',
    questions: [
      q('corto', 'short_text', { required: true }),
      q('largo', 'long_text'),
      q('fuma', 'yes_no', { required: true, followUp: '¿Cuánto?' }),
      q('sangre', 'single_choice', { options: ['A', 'B', '0'] }),
      q('sintomas', 'multiple_choice', { options: ['Fiebre', 'Tos', 'Dolor'] }),
      q('fecha', 'date'),
      q('peso', 'number', { unit: 'kg' }),
      q('medicacion', 'medications', { required: true }),
      q('alergias', 'allergies', { required: true }),
    ],
  },
] as QuestionnaireSection[];

describe('questionnaire answers, kind by kind', () => {
  it('accepts a valid answer of every kind and cleans it (trimmed text, options in their order, no detail on «no»)', () => {
    const { clean, errors } = checkAnswers(
      sections,
      {
        corto: '  Dolor  ',
        largo: 'Desde hace un mes',
        fuma: { value: false, detail: 'no debería quedar' },
        sangre: '0',
        sintomas: ['Tos', 'Fiebre'],
        fecha: '2024-02-29',
        peso: 72.5,
        medicacion: { none: false, items: [{ name: 'Enalapril', dose: '10 mg/día' }] },
        alergias: { none: true, items: [] },
      },
      'submit',
    );
    expect(errors).toEqual({});
    expect(clean).toMatchObject({
      corto: 'Dolor',
      fuma: { value: false, detail: '' },
      sintomas: ['Fiebre', 'Tos'],
      alergias: { none: true, items: [] },
    });
  });

  it('refuses a wrong value of each kind with a Spanish message', () => {
    const { errors } = checkAnswers(
      sections,
      {
        corto: 'x'.repeat(201),
        fuma: 'sí',
        sangre: 'AB',
        sintomas: ['Fiebre', 'Mareo'],
        fecha: '2023-02-29',
        peso: 'setenta',
        medicacion: { none: true, items: [{ name: 'Enalapril', dose: '' }] },
        alergias: [{ substance: 'Polen' }],
        inventada: 'x',
      },
      'draft',
    );
    expect(errors).toEqual({
      corto: 'Escribe como mucho 200 caracteres',
      fuma: 'Responde sí o no',
      sangre: 'Elige una de las opciones',
      sintomas: 'Elige entre las opciones',
      fecha: 'Escribe una fecha válida (día, mes y año)',
      peso: 'Escribe un número',
      medicacion: 'Has marcado que no hay ninguna pero has añadido tu medicación',
      alergias: 'Respuesta no válida: indica tus alergias',
      inventada: 'Esta pregunta no es de este cuestionario',
    });
  });

  it('asks for the required answers only on submit; a draft may leave them out or clear one with null', () => {
    expect(checkAnswers(sections, { corto: 'Algo', peso: null }, 'draft')).toEqual({
      clean: { corto: 'Algo', peso: null },
      errors: {},
    });
    const { errors } = checkAnswers(sections, { corto: '   ', medicacion: { none: false, items: [] } }, 'submit');
    expect(errors).toEqual({
      corto: 'Responde a esta pregunta',
      fuma: 'Responde sí o no',
      medicacion: 'Añade tu medicación o marca que no tomas ninguna',
      alergias: 'Añade tus alergias o marca que no tienes ninguna',
    });
  });

  it('checks real calendar dates', () => {
    expect(isPlainDate('2024-02-29')).toBe(true);
    expect(isPlainDate('2023-02-29')).toBe(false);
    expect(isPlainDate('1899-12-31')).toBe(false);
    expect(isPlainDate('2024-2-1')).toBe(false);
  });

  it('lists the declared allergies (by substance) and medications item by item', () => {
    const items = declaredItems(sections, {
      medicacion: { none: false, items: [{ name: 'Enalapril', dose: '10 mg' }] },
      alergias: { none: false, items: [{ substance: 'Penicilina', reaction: 'Urticaria' }] },
    });
    expect(items).toEqual([
      {
        questionId: 'medicacion',
        index: 0,
        kind: 'medications',
        text: 'Enalapril — 10 mg',
        name: 'Enalapril',
        detail: '10 mg',
      },
      {
        questionId: 'alergias',
        index: 0,
        kind: 'allergies',
        text: 'Penicilina',
        name: 'Penicilina',
        detail: 'Urticaria',
      },
    ]);
  });
});

describe('a questionnaire definition', () => {
  const base = {
    title: 'Primera visita',
    firstVisit: true,
    sections: [{ id: 's', title: 'Sección', questions: [q('a', 'short_text')] }],
  };
  it('needs somewhere to apply: a service or first visits', () => {
    const result = questionnaireVersionInputSchema.safeParse({ ...base, firstVisit: false });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['serviceIds'],
      message: 'Elige al menos un servicio o marca «Primera visita»',
    });
  });
  it('needs two distinct options for a choice, and unique question ids', () => {
    const choice = questionnaireVersionInputSchema.safeParse({
      ...base,
      sections: [{ id: 's', title: 'Sección', questions: [q('a', 'single_choice', { options: ['Sí'] })] }],
    });
    expect(choice.error!.issues[0]!.message).toBe('Escribe al menos dos opciones');
    const twice = questionnaireVersionInputSchema.safeParse({
      ...base,
      sections: [{ id: 's', title: 'Sección', questions: [q('a', 'date'), q('a', 'number')] }],
    });
    expect(twice.error!.issues[0]!.message).toBe('Dos preguntas tienen el mismo identificador');
    expect(questionnaireVersionInputSchema.safeParse(base).success).toBe(true);
  });
});
