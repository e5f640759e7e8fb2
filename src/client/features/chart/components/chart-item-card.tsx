import { Anchor, Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconFile, IconNotes, IconPill, IconStethoscope } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
} from '../../../../common/schemas/appointments';
import type { ChartItem, ChartKind } from '../../../../common/schemas/chart';
import { FILE_TYPE_LABELS, type FileType } from '../../../../common/schemas/files';
import { PRESCRIPTION_STATUS_LABELS, type PrescriptionStatus } from '../../../../common/schemas/prescriptions';
import { TREATMENT_STATUS_LABELS, type TreatmentStatus } from '../../../../common/schemas/treatments';
import { formatLongDayAndTime, formatLongDay } from '../../../lib/dates';

/** How each kind shows: its icon, its status badge and what its «Ver» opens. Another kind adds its entry. */
const RENDERERS: Record<
  ChartKind,
  { icon: ReactNode; status: (status: string) => { label: string; color: string }; open: string }
> = {
  appointment: {
    icon: <IconCalendarEvent size={20} aria-hidden />,
    status: (status) => ({
      label: APPOINTMENT_STATUS_LABELS[status as AppointmentStatus] ?? status,
      color: APPOINTMENT_STATUS_COLORS[status as AppointmentStatus] ?? 'gray',
    }),
    open: 'Ver la cita',
  },
  note: {
    icon: <IconNotes size={20} aria-hidden />,
    status: (status) =>
      status === 'firmada' ? { label: 'Firmada', color: 'teal' } : { label: 'Borrador', color: 'yellow' },
    open: 'Ver la nota',
  },
  prescription: {
    icon: <IconPill size={20} aria-hidden />,
    status: (status) => ({
      label: PRESCRIPTION_STATUS_LABELS[status as PrescriptionStatus] ?? status,
      color: status === 'activa' ? 'teal' : status === 'caducada' ? 'orange' : 'gray',
    }),
    open: 'Ver la receta',
  },
  treatment: {
    icon: <IconStethoscope size={20} aria-hidden />,
    status: (status) => ({
      label: TREATMENT_STATUS_LABELS[status as TreatmentStatus] ?? status,
      color: status === 'activo' ? 'teal' : status === 'suspendido' ? 'orange' : 'gray',
    }),
    open: 'Ver el tratamiento',
  },
  file: {
    icon: <IconFile size={20} aria-hidden />,
    status: (status) => ({ label: FILE_TYPE_LABELS[status as FileType] ?? status, color: 'gray' }),
    open: 'Ver el archivo',
  },
};

export interface ChartItemActions {
  /** What «Ver…» unfolds under an item of this kind (e.g. the note, read-only). */
  expand?: Partial<Record<ChartKind, (item: ChartItem) => ReactNode>>;
  /** A link for an item, when the viewer has a screen for it. */
  href?: (item: ChartItem) => string | null;
}

export function ChartItemCard({
  item,
  timeZone,
  actions,
}: {
  item: ChartItem;
  timeZone: string;
  actions: ChartItemActions;
}) {
  const [opened, { toggle }] = useDisclosure(false);
  const renderer = RENDERERS[item.kind];
  const status = renderer.status(item.status);
  const expand = actions.expand?.[item.kind];
  const href = actions.href?.(item) ?? null;
  // A prescription or a treatment has a date, not an hour: its day is shown alone.
  const when = item.dateOnly ? formatLongDay(item.at, timeZone) : formatLongDayAndTime(item.at, timeZone);
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`${item.title}, ${when}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
          {renderer.icon}
          <Stack gap={2} miw={0}>
            <Text fw={600} size="sm">
              {item.title}
            </Text>
            <Text size="xs" c="dimmed">
              {when} · {item.doctor}
            </Text>
            {item.detail && (
              <Text size="sm" lineClamp={3}>
                {item.detail}
              </Text>
            )}
          </Stack>
        </Group>
        <Badge variant="light" radius="sm" color={status.color} style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      {(expand || href) && (
        <Group gap="sm" mt="xs">
          {expand && (
            <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened}>
              {opened ? 'Ocultar' : renderer.open}
            </Button>
          )}
          {href && (
            <Anchor component={Link} to={href} size="sm">
              Abrir la cita
            </Anchor>
          )}
        </Group>
      )}
      {expand && (
        <Collapse expanded={opened}>
          {opened && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{expand(item)}</div>}
        </Collapse>
      )}
    </Paper>
  );
}
