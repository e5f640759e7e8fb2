import { ActionIcon, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, type ReactNode } from 'react';
import type { Question, QuestionnaireSection } from '../../../../common/schemas/questionnaires';
import { QuestionEditor, type QuestionChange } from './question-editor';
import { SortableList } from './sortable-list';

/** A fresh identifier for a new question or section: stable once published (the answers are keyed by it). */
export const newKey = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const blankQuestion = (): Question => ({
  id: newKey('p'),
  label: '',
  help: '',
  kind: 'short_text',
  required: false,
  options: [],
  unit: '',
  followUp: '',
});

interface Props {
  section: QuestionnaireSection;
  number: number;
  onChange: (section: QuestionnaireSection) => void;
  /** Changes one question of the section at `sectionIndex`: the same function for every section (see QuestionEditor). */
  onQuestionChange: (sectionIndex: number, questionIndex: number, changes: Partial<Question>) => void;
  onRemove: () => void;
  /** Field messages of the server, by path (`sections.0.questions.1.label`). */
  errors: Record<string, string>;
  /** Its drag handle and «Subir» / «Bajar» buttons. */
  controls: ReactNode;
}

/** How the builder names a question to the user (the buttons, what a screen reader hears). */
export const questionName = (question: Question, index: number) =>
  question.label.trim() ? `la pregunta «${question.label.trim()}»` : `la pregunta ${index + 1}`;

/** One section of the builder: its title and its questions. */
export function SectionEditor({ section, number, onChange, onQuestionChange, onRemove, errors, controls }: Props) {
  const at = `sections.${number - 1}`;
  const changeQuestion = useCallback<QuestionChange>(
    (index, changes) => onQuestionChange(number - 1, index, changes),
    [onQuestionChange, number],
  );
  return (
    <Paper withBorder p="md" bg="gray.0">
      <Stack gap="sm">
        {controls}
        <Group align="flex-end" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label={`Sección ${number}`}
            value={section.title}
            error={errors[`${at}.title`] ?? errors[`${at}.questions`]}
            onChange={(event) => onChange({ ...section, title: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar la sección ${number}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <SortableList
          items={section.questions}
          idOf={(question) => question.id}
          nameOf={questionName}
          onReorder={(questions) => onChange({ ...section, questions })}
        >
          {(question, index, questionControls) => (
            <QuestionEditor
              question={question}
              index={index}
              controls={questionControls}
              errors={{
                label: errors[`${at}.questions.${index}.label`] ?? errors[`${at}.questions.${index}`],
                options: errors[`${at}.questions.${index}.options`],
              }}
              onChange={changeQuestion}
              onRemove={() => onChange({ ...section, questions: section.questions.filter((_, i) => i !== index) })}
            />
          )}
        </SortableList>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange({ ...section, questions: [...section.questions, blankQuestion()] })}
        >
          Añadir pregunta
        </Button>
      </Stack>
    </Paper>
  );
}
