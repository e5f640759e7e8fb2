import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert } from '../../../components/load-state';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useTasks } from '../api/get-tasks';
import { formatDueDate, OverdueBadge, TaskPriorityBadge, TaskStatusBadge } from './task-badges';

/** A doctor's dashboard card: the tasks assigned to them that are not done, each with «Marcar como hecha». */
export function MyTasksCard() {
  const tasks = useTasks({ sort: 'due' });
  const changeStatus = useChangeTaskStatus();
  const open = tasks.data?.items.filter((task) => task.status !== 'hecha') ?? [];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="mis-tareas">
      <Title order={2} size="h4" mb="sm" id="mis-tareas">
        Mis tareas
      </Title>
      {tasks.isError ? (
        <LoadErrorAlert
          title="No se pudieron cargar tus tareas"
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : tasks.isPending ? (
        <Skeleton h={80} />
      ) : open.length === 0 ? (
        <Text c="dimmed">No tienes tareas pendientes.</Text>
      ) : (
        <Stack gap="sm">
          {open.map((task) => (
            <Group key={task.id} justify="space-between" wrap="nowrap" align="flex-start" data-task-id={task.id}>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {task.title}
                </Text>
                <Group gap={6}>
                  <TaskStatusBadge status={task.status} />
                  <TaskPriorityBadge priority={task.priority} />
                  {task.overdue && <OverdueBadge />}
                </Group>
                <Text size="xs" c="dimmed">
                  {task.dueDate ? `Vence el ${formatDueDate(task.dueDate)}` : 'Sin fecha límite'}
                  {task.patient ? ` · Paciente: ${task.patient.name}` : ''}
                </Text>
              </Stack>
              {/* A bordered button, not a tinted pill: beside the status badges it looked like one more badge. */}
              <Button
                size="xs"
                variant="default"
                style={{ flexShrink: 0 }}
                leftSection={<IconCheck size={14} aria-hidden />}
                aria-label={`Marcar como hecha: ${task.title}`}
                loading={changeStatus.isPending && changeStatus.variables?.id === task.id}
                onClick={() =>
                  changeStatus.mutate(
                    { id: task.id, status: 'hecha' },
                    { onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }) },
                  )
                }
              >
                Hecha
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
