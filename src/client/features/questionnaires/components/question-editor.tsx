import { ActionIcon, Group, Paper, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import {
  CHOICE_KINDS,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type Question,
  type QuestionKind,
} from '../../../../common/schemas/questionnaires';

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));

/** Changes the question at `index` of its section. */
export type QuestionChange = (index: number, changes: Partial<Question>) => void;

interface Props {
  question: Question;
  /** Its place in its section, from 0 (the labels say «Pregunta 3» for 2). */
  index: number;
  /** The same function for every question of the section, so that a change draws only its own fields again. */
  onChange: QuestionChange;
  onRemove: () => void;
  /** Its messages: on the text, on the options, or on the question as a whole. */
  errors: { label?: string; options?: string };
  /** Its drag handle and «Subir» / «Bajar» buttons. */
  controls: ReactNode;
}

/** One question of the builder: its text, kind, whether required, and what its kind needs (options, unit, follow-up). */
export function QuestionEditor({ question, index, onChange, onRemove, errors, controls }: Props) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          {controls}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar la pregunta ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <QuestionFields
          question={question}
          index={index}
          onChange={onChange}
          labelError={errors.label}
          optionsError={errors.options}
        />
      </Stack>
    </Paper>
  );
}

interface FieldsProps {
  question: Question;
  index: number;
  onChange: QuestionChange;
  labelError?: string;
  optionsError?: string;
}

/**
 * The question's fields, drawn again only when the question, its place or its messages change: typing in one
 * question of a long questionnaire does not draw the fields of every other question.
 */
const QuestionFields = memo(function QuestionFields({
  question,
  index,
  onChange,
  labelError,
  optionsError,
}: FieldsProps) {
  const set = (changes: Partial<Question>) => onChange(index, changes);
  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <TextInput
          style={{ flex: 2, minWidth: 220 }}
          label={`Pregunta ${index + 1}`}
          value={question.label}
          error={labelError}
          onChange={(event) => set({ label: event.currentTarget.value })}
        />
        <Select
          style={{ flex: 1, minWidth: 160 }}
          label="Tipo"
          data={KIND_OPTIONS}
          value={question.kind}
          allowDeselect={false}
          onChange={(kind) => kind && set({ kind: kind as QuestionKind })}
        />
        <Switch
          label="Obligatoria"
          checked={question.required}
          onChange={(event) => set({ required: event.currentTarget.checked })}
          mb={6}
        />
      </Group>
      {CHOICE_KINDS.includes(question.kind) && (
        <Textarea
          label="Opciones (una por línea)"
          autosize
          minRows={2}
          value={question.options.join('\n')}
          error={optionsError}
          onChange={(event) => set({ options: event.currentTarget.value.split('\n') })}
        />
      )}
      {question.kind === 'number' && (
        <TextInput
          label="Unidad"
          placeholder="kg, cm, cigarrillos al día…"
          value={question.unit}
          onChange={(event) => set({ unit: event.currentTarget.value })}
        />
      )}
      {question.kind === 'yes_no' && (
        <TextInput
          label="Pregunta de seguimiento si responde «sí» (opcional)"
          placeholder="¿Cuáles?"
          value={question.followUp}
          onChange={(event) => set({ followUp: event.currentTarget.value })}
        />
      )}
      <TextInput
        label="Ayuda (opcional)"
        value={question.help}
        onChange={(event) => set({ help: event.currentTarget.value })}
      />
    </>
  );
});
