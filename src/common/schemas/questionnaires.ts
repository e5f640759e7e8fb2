import { z } from 'zod';
import { oneLineString } from './one-line';

/**
 * Questionnaires (anamnesis, issue 24, item 2). The admin builds a questionnaire of sections and questions; like
 * the consent templates, it is versioned: a published version never changes (the database refuses it) and a
 * change publishes the next one. A version applies to services and/or to first visits; a booking asks its
 * patient to answer the version in force then, and the answers point at that version.
 */
export const QUESTIONNAIRE_STATES = ['activo', 'archivado'] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];
export const QUESTIONNAIRE_STATE_LABELS: Record<QuestionnaireState, string> = {
  activo: 'Activo',
  archivado: 'Archivado',
};

export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'yes_no',
  'single_choice',
  'multiple_choice',
  'date',
  'number',
  'medications',
  'allergies',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Texto corto',
  long_text: 'Texto largo',
  yes_no: 'Sí / no',
  single_choice: 'Una opción',
  multiple_choice: 'Varias opciones',
  date: 'Fecha',
  number: 'Número',
  medications: 'Medicación',
  allergies: 'Alergias',
};
export const CHOICE_KINDS: readonly QuestionKind[] = ['single_choice', 'multiple_choice'];

export const QUESTIONNAIRE_MAX_SECTIONS = 20;
export const QUESTIONNAIRE_MAX_QUESTIONS = 60;
export const QUESTIONNAIRE_MAX_SERVICES = 100;
/** The longest a long-text answer may be; a short one is 200. */
export const LONG_ANSWER_MAX = 4000;
export const SHORT_ANSWER_MAX = 200;
/** The most items a medication or allergy list may have. */
export const LIST_ANSWER_MAX = 30;

const key = z
  .string({ error: 'Falta el identificador' })
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Identificador no válido (letras minúsculas, números, - y _)');

export const questionSchema = z
  .strictObject({
    id: key,
    label: oneLineString({ error: 'Escribe la pregunta' })
      .min(2, 'Escribe la pregunta')
      .max(300, 'La pregunta no puede superar los 300 caracteres'),
    help: z.string().trim().max(500, 'La ayuda no puede superar los 500 caracteres').default(''),
    kind: z.enum(QUESTION_KINDS, { error: 'Elige el tipo de pregunta' }),
    required: z.boolean().default(false),
    /** The choices of a single or multiple choice question. */
    options: z
      .array(oneLineString().min(1, 'Una opción está vacía').max(120, 'Una opción no puede superar 120 caracteres'))
      .max(30, 'Demasiadas opciones')
      .default([]),
    /** The unit of a number («kg», «cm», «cigarrillos al día»). */
    unit: z.string().trim().max(30, 'La unidad no puede superar los 30 caracteres').default(''),
    /** A yes/no question's follow-up, asked when the answer is «sí» («¿Cuáles?»). */
    followUp: z.string().trim().max(200, 'La pregunta de seguimiento no puede superar 200 caracteres').default(''),
  })
  .superRefine((question, context) => {
    const choice = CHOICE_KINDS.includes(question.kind);
    if (choice && question.options.length < 2) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Escribe al menos dos opciones' });
    }
    if (choice && new Set(question.options).size !== question.options.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Hay opciones repetidas' });
    }
  });
export type Question = z.infer<typeof questionSchema>;

export const sectionSchema = z.strictObject({
  id: key,
  title: oneLineString({ error: 'Escribe el título de la sección' })
    .min(2, 'Escribe el título de la sección')
    .max(120, 'El título de la sección no puede superar los 120 caracteres'),
  questions: z
    .array(questionSchema)
    .min(1, 'Cada sección necesita al menos una pregunta')
    .max(QUESTIONNAIRE_MAX_QUESTIONS, 'Demasiadas preguntas'),
});
export type QuestionnaireSection = z.infer<typeof sectionSchema>;

export const questionnaireVersionInputSchema = z
  .strictObject({
    title: oneLineString({ error: 'Escribe el título del cuestionario' })
      .min(3, 'El título debe tener al menos 3 caracteres')
      .max(160, 'El título no puede superar los 160 caracteres'),
    intro: z.string().trim().max(2000, 'La presentación no puede superar los 2000 caracteres').default(''),
    /** Asked before a patient's first visit to the clinic (whatever the service). */
    firstVisit: z.boolean().default(false),
    serviceIds: z
      .array(z.uuid({ error: 'Servicio no válido' }))
      .max(QUESTIONNAIRE_MAX_SERVICES, 'Demasiados servicios')
      .default([]),
    sections: z
      .array(sectionSchema, { error: 'Añade al menos una sección' })
      .min(1, 'Añade al menos una sección')
      .max(QUESTIONNAIRE_MAX_SECTIONS, 'Demasiadas secciones'),
  })
  .superRefine((input, context) => {
    if (!input.firstVisit && input.serviceIds.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['serviceIds'],
        message: 'Elige al menos un servicio o marca «Primera visita»',
      });
    }
    const ids = input.sections.flatMap((section) => section.questions.map((question) => question.id));
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['sections'], message: 'Dos preguntas tienen el mismo identificador' });
    }
    if (ids.length > QUESTIONNAIRE_MAX_QUESTIONS) {
      context.addIssue({ code: 'custom', path: ['sections'], message: 'Demasiadas preguntas' });
    }
  });
export type QuestionnaireVersionInput = z.infer<typeof questionnaireVersionInputSchema>;
export type QuestionnaireVersionDraft = z.input<typeof questionnaireVersionInputSchema>;

export const questionnaireStateInputSchema = z.strictObject({
  state: z.enum(QUESTIONNAIRE_STATES, { error: 'Indica si el cuestionario está activo o archivado' }),
});

const serviceRef = z.object({ id: z.string(), name: z.string(), specialty: z.string() });

export const questionnaireVersionSchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  intro: z.string(),
  firstVisit: z.boolean(),
  sections: z.array(sectionSchema),
  services: z.array(serviceRef),
  createdBy: z.string().nullable(),
  publishedAt: z.string(),
});
export type QuestionnaireVersion = z.infer<typeof questionnaireVersionSchema>;

export const questionnaireSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  currentVersion: z.number(),
  publishedAt: z.string(),
  firstVisit: z.boolean(),
  services: z.array(serviceRef),
  questions: z.number(),
});
export type QuestionnaireSummary = z.infer<typeof questionnaireSummarySchema>;

export const questionnaireSchema = questionnaireSummarySchema.extend({ versions: z.array(questionnaireVersionSchema) });
export type Questionnaire = z.infer<typeof questionnaireSchema>;

// --- Answers ---------------------------------------------------------------------------------------------------

export const REQUEST_STATUSES = ['pendiente', 'enviado'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The answers of a request, by question id (their shape by kind: `questionnaire-answers.ts`). */
export const answersSchema = z.record(key, z.unknown(), { error: 'Respuestas no válidas' });
export type Answers = Record<string, unknown>;

/** An autosave: the answers of some questions (merged into the draft; `null` clears one). */
export const draftInputSchema = z.strictObject({ answers: answersSchema });

/** An allergy or medication the patient declared, copied into her record by the doctor. */
export const copyInputSchema = z.strictObject({
  questionId: key,
  index: z.number({ error: 'Elemento no válido' }).int('Elemento no válido').min(0, 'Elemento no válido').max(99),
});

export const requestSchema = z.object({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  appointmentId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  appointmentStartsAt: z.string(),
  doctorName: z.string(),
  /** Until when it may be filled: the appointment's end. */
  closesAt: z.string(),
  open: z.boolean(),
  title: z.string(),
  intro: z.string(),
  versionNumber: z.number(),
  sections: z.array(sectionSchema),
  answers: z.record(z.string(), z.unknown()),
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The items already copied into the record (`questionId:index`). */
  copied: z.array(z.string()),
});
export type QuestionnaireRequest = z.infer<typeof requestSchema>;

export const requestSummarySchema = requestSchema.pick({
  id: true,
  status: true,
  appointmentId: true,
  appointmentStartsAt: true,
  doctorName: true,
  closesAt: true,
  open: true,
  title: true,
  savedAt: true,
  submittedAt: true,
});
export type QuestionnaireRequestSummary = z.infer<typeof requestSummarySchema>;
