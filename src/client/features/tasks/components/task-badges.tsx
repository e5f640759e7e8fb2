import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from '../../../../common/schemas/tasks';
import { formatMediumCalendarDate } from '../../../lib/dates';

const PRIORITY_COLORS: Record<TaskPriority, string> = { baja: 'gray', media: 'blue', alta: 'orange' };
const STATUS_COLORS: Record<TaskStatus, string> = { pendiente: 'yellow', en_curso: 'blue', hecha: 'green' };

/** «5 mar 2026» for a calendar day «2026-03-05». */
export const formatDueDate = formatMediumCalendarDate;

/** «Prioridad alta» on cards; just «Alta» under a «Prioridad» column. */
export function TaskPriorityBadge({ priority, short = false }: { priority: TaskPriority; short?: boolean }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {short ? TASK_PRIORITY_LABELS[priority] : `Prioridad ${TASK_PRIORITY_LABELS[priority].toLowerCase()}`}
    </Badge>
  );
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Due before today (clinic's time zone) and not done: colour and the word, never colour alone. */
export function OverdueBadge() {
  return (
    <Badge
      color="red"
      variant="filled"
      radius="sm"
      style={{ flexShrink: 0 }}
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
    >
      Vencida
    </Badge>
  );
}
