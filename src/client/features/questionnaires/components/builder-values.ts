import {
  questionnaireVersionInputSchema,
  type Question,
  type Questionnaire,
  type QuestionnaireSection,
  type QuestionnaireVersionInput,
} from '../../../../common/schemas/questionnaires';
import { blankQuestion, newKey } from './section-editor';

/** What the builder starts with: the version in force (the next one starts as its copy), or one empty section. */
export const valuesOf = (questionnaire: Questionnaire | null): QuestionnaireVersionInput => {
  const current = questionnaire?.versions[0];
  return {
    title: current?.title ?? '',
    intro: current?.intro ?? '',
    firstVisit: current?.firstVisit ?? false,
    serviceIds: current?.services.map((service) => service.id) ?? [],
    sections: current?.sections ?? [blankSection()],
  };
};

export const blankSection = (): QuestionnaireSection => ({ id: newKey('s'), title: '', questions: [blankQuestion()] });

/** `sections` with `changes` made to one question. */
export const withQuestionChanged = (
  sections: QuestionnaireSection[],
  sectionIndex: number,
  questionIndex: number,
  changes: Partial<Question>,
): QuestionnaireSection[] =>
  sections.map((section, s) =>
    s !== sectionIndex
      ? section
      : {
          ...section,
          questions: section.questions.map((question, q) =>
            q === questionIndex ? { ...question, ...changes } : question,
          ),
        },
  );

/** Options left blank by the editor's lines are not options. */
export const cleaned = (values: QuestionnaireVersionInput): QuestionnaireVersionInput => ({
  ...values,
  sections: values.sections.map((section) => ({
    ...section,
    questions: section.questions.map((question) => ({
      ...question,
      options: question.options.map((option) => option.trim()).filter(Boolean),
    })),
  })),
});

/** The shared schema's first message for each field, by path as the server names them (`sections.0.title`). */
export function builderErrors(values: QuestionnaireVersionInput): Record<string, string> {
  const result = questionnaireVersionInputSchema.safeParse(cleaned(values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** How the builder names a section to the user (the buttons, what a screen reader hears). */
export const sectionName = (section: QuestionnaireSection, index: number) =>
  section.title.trim() ? `la sección «${section.title.trim()}»` : `la sección ${index + 1}`;
