import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical, IconPencil } from '@tabler/icons-react';
import type { Task, TaskStatus } from '../../../../common/schemas/tasks';
import { formatDueDate, OverdueBadge, TaskPriorityBadge } from './task-badges';
import { TaskMoveMenu } from './task-move-menu';

interface TaskCardProps {
  task: Task;
  onMove: (status: TaskStatus) => void;
  onEdit?: () => void;
}

/** A card of the board: dragged by its handle (pointer, or keyboard: Space, arrows, Space), or moved with «Mover a…». */
export function TaskCard({ task, onMove, onEdit }: TaskCardProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id, data: { task } });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10, position: 'relative' as const }
    : undefined;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      shadow={isDragging ? 'md' : undefined}
      style={{ ...style, borderLeft: task.overdue ? '4px solid var(--mantine-color-red-9)' : undefined }}
      data-task-id={task.id}
      aria-label={task.title}
      component="article"
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Arrastrar la tarea «${task.title}»`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {task.title}
          </Text>
          <Group gap={6}>
            <TaskPriorityBadge priority={task.priority} />
            {task.overdue && <OverdueBadge />}
          </Group>
          <Text size="xs" c="dimmed">
            {task.assignee.displayName}
            {task.dueDate ? ` · Vence el ${formatDueDate(task.dueDate)}` : ' · Sin fecha límite'}
          </Text>
          {task.patient && (
            <Text size="xs" c="dimmed">
              Paciente: {task.patient.name}
            </Text>
          )}
          <Group gap={4} justify="flex-end">
            {onEdit && (
              <ActionIcon variant="subtle" aria-label={`Editar la tarea «${task.title}»`} onClick={onEdit}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            )}
            <TaskMoveMenu task={task} onMove={onMove} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
