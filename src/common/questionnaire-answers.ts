import {
  LIST_ANSWER_MAX,
  LONG_ANSWER_MAX,
  SHORT_ANSWER_MAX,
  type Answers,
  type Question,
  type QuestionnaireSection,
} from './schemas/questionnaires';

/**
 * The shape of each kind's answer, checked the same way by the filling page (as she types) and the server (which
 * refuses what the page would not have sent):
 * - `short_text`, `long_text`, `single_choice`: a string; `date`: `YYYY-MM-DD`; `number`: a number;
 * - `multiple_choice`: the options chosen;
 * - `yes_no`: `{ value: boolean, detail: string }` (the detail answers the follow-up, when «sí»);
 * - `medications`: `{ none: boolean, items: { name, dose }[] }`; `allergies`: `{ none, items: { substance, reaction }[] }`
 *   — «none» is an answer («no tomo medicación»), so a required list is answered by it or by one item.
 */
export interface YesNoAnswer {
  value: boolean;
  detail: string;
}
export interface MedicationItem {
  name: string;
  dose: string;
}
export interface AllergyItem {
  substance: string;
  reaction: string;
}
export interface ListAnswer<Item> {
  none: boolean;
  items: Item[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim().length <= max ? value.trim() : undefined;

/** A calendar date that exists, between 1900 and 2100. */
export function isPlainDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Checked = { ok: true; value: unknown } | { ok: false; message: string };
const fail = (message: string): Checked => ({ ok: false, message });

function checkList(value: unknown, fields: [string, number, string][], what: string): Checked {
  if (!isObject(value) || typeof value.none !== 'boolean' || !Array.isArray(value.items)) {
    return fail(`Respuesta no válida: indica ${what}`);
  }
  if (value.items.length > LIST_ANSWER_MAX) return fail(`Como mucho ${LIST_ANSWER_MAX} elementos`);
  const items: Record<string, string>[] = [];
  for (const raw of value.items) {
    if (!isObject(raw)) return fail('Elemento no válido');
    const item: Record<string, string> = {};
    for (const [field, max, label] of fields) {
      const cleaned = text(raw[field] ?? '', max);
      if (cleaned === undefined) return fail(`${label}: como mucho ${max} caracteres`);
      item[field] = cleaned;
    }
    items.push(item);
  }
  if (value.none && items.length > 0) return fail(`Has marcado que no hay ninguna pero has añadido ${what}`);
  return { ok: true, value: { none: value.none, items } };
}

/** One answer checked against its question: its clean value, or a Spanish message. */
export function checkAnswer(question: Question, value: unknown): Checked {
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const max = question.kind === 'short_text' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
      const cleaned = text(value, max);
      return cleaned === undefined ? fail(`Escribe como mucho ${max} caracteres`) : { ok: true, value: cleaned };
    }
    case 'yes_no': {
      if (!isObject(value) || typeof value.value !== 'boolean') return fail('Responde sí o no');
      const detail = text(value.detail ?? '', 500);
      if (detail === undefined) return fail('La respuesta no puede superar los 500 caracteres');
      return { ok: true, value: { value: value.value, detail: value.value ? detail : '' } };
    }
    case 'single_choice':
      return typeof value === 'string' && question.options.includes(value)
        ? { ok: true, value }
        : fail('Elige una de las opciones');
    case 'multiple_choice':
      return Array.isArray(value) && value.every((item) => question.options.includes(item as string))
        ? { ok: true, value: question.options.filter((option) => value.includes(option)) }
        : fail('Elige entre las opciones');
    case 'date':
      return isPlainDate(value) ? { ok: true, value } : fail('Escribe una fecha válida (día, mes y año)');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 1_000_000
        ? { ok: true, value }
        : fail('Escribe un número');
    case 'medications':
      return checkList(
        value,
        [
          ['name', 120, 'El medicamento'],
          ['dose', 120, 'La dosis'],
        ],
        'tu medicación',
      );
    case 'allergies':
      return checkList(
        value,
        [
          ['substance', 120, 'La alergia'],
          ['reaction', 200, 'La reacción'],
        ],
        'tus alergias',
      );
  }
}

/** Whether an answer says nothing yet (a required question so answered is missing). */
export function isUnanswered(question: Question, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (question.kind === 'medications' || question.kind === 'allergies') {
    const list = value as ListAnswer<unknown>;
    return !list.none && list.items.every((item) => Object.values(item as object).every((field) => !field));
  }
  if (question.kind === 'yes_no') return false;
  return false;
}

const REQUIRED_MESSAGE: Partial<Record<Question['kind'], string>> = {
  yes_no: 'Responde sí o no',
  single_choice: 'Elige una opción',
  multiple_choice: 'Elige al menos una opción',
  date: 'Indica la fecha',
  number: 'Escribe un número',
  medications: 'Añade tu medicación o marca que no tomas ninguna',
  allergies: 'Añade tus alergias o marca que no tienes ninguna',
};

export const questionsOf = (sections: readonly QuestionnaireSection[]): Question[] =>
  sections.flatMap((section) => section.questions);

/**
 * Checks answers against a version's questions. `draft`: only the answers given (a `null` clears one), none
 * required; `submit`: every answer, and every required one present. Answers that say nothing are dropped.
 */
export function checkAnswers(
  sections: readonly QuestionnaireSection[],
  answers: Answers,
  mode: 'draft' | 'submit',
): { clean: Record<string, unknown>; errors: Record<string, string> } {
  const questions = new Map(questionsOf(sections).map((question) => [question.id, question]));
  const clean: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(answers)) {
    const question = questions.get(id);
    if (!question) {
      errors[id] = 'Esta pregunta no es de este cuestionario';
      continue;
    }
    if (value === null || value === undefined) {
      clean[id] = null;
      continue;
    }
    const checked = checkAnswer(question, value);
    if (!checked.ok) errors[id] = checked.message;
    else clean[id] = isUnanswered(question, checked.value) ? null : checked.value;
  }
  if (mode === 'submit') {
    for (const question of questions.values()) {
      if (question.required && !errors[question.id] && isUnanswered(question, clean[question.id])) {
        errors[question.id] = REQUIRED_MESSAGE[question.kind] ?? 'Responde a esta pregunta';
      }
    }
  }
  return { clean, errors };
}

/** The allergies or medications declared in the answers, item by item, as the doctor copies them. */
export function declaredItems(
  sections: readonly QuestionnaireSection[],
  answers: Answers,
): {
  questionId: string;
  index: number;
  kind: 'medications' | 'allergies';
  /** What goes into the record: the substance alone, or the medication with its dose. */
  text: string;
  /** The medication's name or the allergy's substance, as declared. */
  name: string;
  /** The dose, or the reaction. */
  detail: string;
}[] {
  return questionsOf(sections).flatMap((question) => {
    if (question.kind !== 'medications' && question.kind !== 'allergies') return [];
    const answer = answers[question.id] as ListAnswer<Record<string, string>> | undefined;
    return (answer?.items ?? []).map((item, index) => ({
      questionId: question.id,
      index,
      kind: question.kind as 'medications' | 'allergies',
      // An allergy goes into the record by its substance alone, as the prescription check reads it.
      text: question.kind === 'allergies' ? (item.substance ?? '') : [item.name, item.dose].filter(Boolean).join(' — '),
      name: (question.kind === 'allergies' ? item.substance : item.name) ?? '',
      detail: (question.kind === 'allergies' ? item.reaction : item.dose) ?? '',
    }));
  });
}
