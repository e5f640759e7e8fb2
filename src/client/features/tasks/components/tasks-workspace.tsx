import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TASK_STATUS_LABELS, type Task, type TaskListQuery, type TaskStatus } from '../../../../common/schemas/tasks';
import { errorMessageOf } from '../../../components/form-error';
import { LoadErrorAlert, LoadingBlock } from '../../../components/load-state';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useTasks } from '../api/get-tasks';
import { TaskBoard } from './task-board';
import { TaskFilters } from './task-filters';
import { TaskFormModal, type PatientField } from './task-form-modal';
import { TaskTable } from './task-table';

type View = 'lista' | 'tablero';

/** The admin's tasks: filters, the list or the board, and the form to create or edit. */
export function TasksWorkspace({ patientField }: { patientField: PatientField }) {
  const [view, setView] = useState<View>('lista');
  // «?overdue=true» (the dashboard's «Tareas vencidas» link) opens the list with that filter on.
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<TaskListQuery>(() => ({
    sort: 'due',
    ...(searchParams.get('overdue') === 'true' ? { overdue: 'true' } : {}),
  }));
  const [editing, setEditing] = useState<{ opened: boolean; task: Task | null; key: number }>({
    opened: false,
    task: null,
    key: 0,
  });
  const query = view === 'tablero' ? { ...filters, status: undefined } : filters;
  const tasks = useTasks(query);
  const changeStatus = useChangeTaskStatus();

  const move = (task: Task, status: TaskStatus) =>
    changeStatus.mutate(
      { id: task.id, status },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `«${task.title}» movida a ${TASK_STATUS_LABELS[status]}` }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
      },
    );
  const edit = (task: Task | null) => setEditing((current) => ({ opened: true, task, key: current.key + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Vista"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'lista', label: 'Lista' },
            { value: 'tablero', label: 'Tablero' },
          ]}
        />
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => edit(null)}>
          Nueva tarea
        </Button>
      </Group>
      <TaskFilters value={filters} onChange={setFilters} patientField={patientField} showStatus={view === 'lista'} />
      {tasks.isError ? (
        <LoadErrorAlert
          title="No se pudieron cargar las tareas"
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : tasks.isPending ? (
        <LoadingBlock label="Cargando tareas" />
      ) : view === 'lista' ? (
        <TaskTable tasks={tasks.data.items} onMove={move} onEdit={edit} />
      ) : (
        <TaskBoard tasks={tasks.data.items} onMove={move} onEdit={edit} />
      )}
      <TaskFormModal
        key={editing.key}
        opened={editing.opened}
        task={editing.task}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        patientField={patientField}
      />
    </Stack>
  );
}
