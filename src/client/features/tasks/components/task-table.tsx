import { ActionIcon, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Task, TaskStatus } from '../../../../common/schemas/tasks';
import { formatDueDate, OverdueBadge, TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import { StackedTable } from '../../../components/stacked-table';
import { TaskMoveMenu } from './task-move-menu';

interface TaskTableProps {
  tasks: Task[];
  onMove: (task: Task, status: TaskStatus) => void;
  onEdit: (task: Task) => void;
}

/** The list view: one row per task; overdue rows carry a red edge and «Vencida». */
export function TaskTable({ tasks, onMove, onEdit }: TaskTableProps) {
  if (tasks.length === 0) return <Text c="dimmed">No hay tareas con estos filtros.</Text>;
  return (
    <StackedTable minWidth={1080} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tarea</Table.Th>
          <Table.Th>Responsable</Table.Th>
          <Table.Th>Paciente</Table.Th>
          <Table.Th>Fecha límite</Table.Th>
          <Table.Th>Prioridad</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>
            <VisuallyHidden>Acciones</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tasks.map((task) => (
          <Table.Tr
            key={task.id}
            style={task.overdue ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-9)' } : undefined}
          >
            <Table.Td data-label="Tarea">
              <Text fw={600} size="sm">
                {task.title}
              </Text>
              {task.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {task.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td data-label="Responsable">{task.assignee.displayName}</Table.Td>
            <Table.Td data-label="Paciente">{task.patient?.name ?? '—'}</Table.Td>
            <Table.Td data-label="Fecha límite">
              <Group gap={6} wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {task.dueDate ? formatDueDate(task.dueDate) : 'Sin fecha'}
                </Text>
                {task.overdue && <OverdueBadge />}
              </Group>
            </Table.Td>
            <Table.Td data-label="Prioridad">
              <TaskPriorityBadge priority={task.priority} short />
            </Table.Td>
            <Table.Td data-label="Estado">
              <TaskStatusBadge status={task.status} />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Editar la tarea «${task.title}»`}
                  onClick={() => onEdit(task)}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
                <TaskMoveMenu task={task} onMove={(status) => onMove(task, status)} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
