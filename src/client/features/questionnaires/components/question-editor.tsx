import { ActionIcon, Group, Paper, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  CHOICE_KINDS,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type Question,
  type QuestionKind,
} from '../../../../common/schemas/questionnaires';

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));

interface Props {
  question: Question;
  /** Its place, for the labels («Pregunta 3»). */
  number: number;
  onChange: (question: Question) => void;
  onRemove: () => void;
  /** Its messages: on the text, on the options, or on the question as a whole. */
  errors: { label?: string; options?: string };
  /** Its drag handle and «Subir» / «Bajar» buttons. */
  controls: ReactNode;
}

/** One question of the builder: its text, kind, whether required, and what its kind needs (options, unit, follow-up). */
export function QuestionEditor({ question, number, onChange, onRemove, errors, controls }: Props) {
  const set = (changes: Partial<Question>) => onChange({ ...question, ...changes });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          {controls}
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar la pregunta ${number}`}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            style={{ flex: 2, minWidth: 220 }}
            label={`Pregunta ${number}`}
            value={question.label}
            error={errors.label}
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
            error={errors.options}
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
      </Stack>
    </Paper>
  );
}
