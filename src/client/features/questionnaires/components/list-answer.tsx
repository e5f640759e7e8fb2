import { ActionIcon, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ListAnswer } from '../../../../common/questionnaire-answers';

type Item = Record<string, string>;
interface Props {
  kind: 'medications' | 'allergies';
  label: string;
  value: ListAnswer<Item> | undefined;
  onChange: (value: ListAnswer<Item>) => void;
  error?: string;
}

const FIELDS = {
  medications: {
    first: ['name', 'Medicamento'],
    second: ['dose', 'Dosis y pauta'],
    none: 'No tomo ninguna medicación',
  },
  allergies: {
    first: ['substance', 'Alergia a'],
    second: ['reaction', 'Qué te ocurre'],
    none: 'No tengo alergias conocidas',
  },
} as const;

/** A list of medications or allergies: «ninguna», or one row per item; each row labelled for screen readers. */
export function ListAnswerField({ kind, label, value, onChange, error }: Props) {
  const fields = FIELDS[kind];
  const current = value ?? { none: false, items: [] };
  const setItem = (index: number, field: string, text: string) =>
    onChange({ ...current, items: current.items.map((item, i) => (i === index ? { ...item, [field]: text } : item)) });
  return (
    <Stack gap="xs">
      <Checkbox
        label={fields.none}
        checked={current.none}
        onChange={(event) =>
          onChange({ none: event.currentTarget.checked, items: event.currentTarget.checked ? [] : current.items })
        }
      />
      {!current.none &&
        current.items.map((item, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={`${fields.first[1]} (${index + 1})`}
              value={item[fields.first[0]] ?? ''}
              onChange={(event) => setItem(index, fields.first[0], event.currentTarget.value)}
            />
            <TextInput
              style={{ flex: 1 }}
              label={fields.second[1]}
              value={item[fields.second[0]] ?? ''}
              onChange={(event) => setItem(index, fields.second[0], event.currentTarget.value)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Quitar ${index + 1} de ${label}`}
              onClick={() => onChange({ ...current, items: current.items.filter((_, i) => i !== index) })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      {!current.none && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            onChange({ none: false, items: [...current.items, { [fields.first[0]]: '', [fields.second[0]]: '' }] })
          }
        >
          {kind === 'medications' ? 'Añadir medicamento' : 'Añadir alergia'}
        </Button>
      )}
      {error && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}>
          {error}
        </div>
      )}
    </Stack>
  );
}
