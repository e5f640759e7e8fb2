import { ActionIcon, Button, Checkbox, ColorSwatch, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { Doctor } from '../../../../../common/schemas/doctors';
import type { ColumnsPreference } from '../../utils/day-columns';

interface DoctorColumnsPickerProps {
  /** Every doctor, in the user's order. */
  ordered: Doctor[];
  hidden: string[];
  onChange: (preference: ColumnsPreference) => void;
}

/** «Profesionales (4 de 6)»: which doctors get a column, and in what order (up and down buttons). */
export function DoctorColumnsPicker({ ordered, hidden, onChange }: DoctorColumnsPickerProps) {
  const order = ordered.map((doctor) => doctor.id);
  const shownCount = ordered.filter((doctor) => !hidden.includes(doctor.id)).length;
  const move = (index: number, by: number) => {
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id!);
    onChange({ order: next, hidden });
  };
  const toggle = (id: string, shown: boolean) =>
    onChange({ order, hidden: shown ? hidden.filter((item) => item !== id) : [...hidden, id] });

  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={18} aria-hidden />}>
          Profesionales ({shownCount} de {ordered.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="group">
        <Text size="sm" fw={600} mb="xs">
          Columnas y su orden
        </Text>
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {ordered.map((doctor, index) => (
            <Group key={doctor.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <ColorSwatch color={doctor.color} size={12} aria-hidden component="span" />
                    <span>{doctor.displayName}</span>
                  </Group>
                }
                aria-label={`Mostrar a ${doctor.displayName}`}
                checked={!hidden.includes(doctor.id)}
                onChange={(event) => toggle(doctor.id, event.currentTarget.checked)}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Subir a ${doctor.displayName}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden>↑</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Bajar a ${doctor.displayName}`}
                  disabled={index === ordered.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden>↓</span>
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
