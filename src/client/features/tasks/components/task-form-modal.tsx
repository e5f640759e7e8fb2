import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from '../../../../common/schemas/tasks';
import { DateField } from '../../../components/date-field';
import { errorMessageOf } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCreateTask } from '../api/create-task';
import { useTaskAssignees } from '../api/get-task-assignees';
import { useUpdateTask } from '../api/update-task';

export type PatientField = (
  value: string | null,
  onChange: (patientId: string | null) => void,
  error?: string,
) => ReactNode;

interface TaskFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The task to edit; none to create one. */
  task: Task | null;
  patientField: PatientField;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Create or edit a task; the server's Spanish messages show beside their fields. */
export function TaskFormModal({ opened, onClose, task, patientField }: TaskFormModalProps) {
  const assignees = useTaskAssignees(opened);
  const create = useCreateTask();
  const update = useUpdateTask();
  // A new task is the current user's unless she hands it to someone else.
  const currentUserId = useAuth().profile?.id ?? null;
  const [form, setForm] = useState(() => ({
    title: task?.title ?? '',
    description: task?.description ?? '',
    assigneeId: task?.assignee.id ?? currentUserId,
    dueDate: task?.dueDate ?? null,
    priority: (task?.priority ?? 'media') as TaskPriority,
    status: (task?.status ?? 'pendiente') as TaskStatus,
    patientId: task?.patient?.id ?? null,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    setErrors({});
    try {
      const body = { ...form, assigneeId: form.assigneeId ?? '' };
      if (task) await update.mutateAsync({ id: task.id, changes: body });
      else await create.mutateAsync(body);
      notifications.show({ color: 'green', message: task ? 'Tarea guardada' : 'Tarea creada' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else notifications.show({ color: 'red', message: errorMessageOf(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={task ? 'Editar tarea' : 'Nueva tarea'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label="Título"
            required
            value={form.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
            data-autofocus
          />
          <Textarea
            label="Descripción"
            autosize
            minRows={2}
            value={form.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Responsable"
              required
              searchable
              nothingFoundMessage="Nadie con ese nombre"
              data={(assignees.data ?? []).map((person) => ({
                value: person.id,
                label: `${person.displayName} (${person.role === 'admin' ? 'administración' : 'doctor/a'})`,
              }))}
              value={form.assigneeId}
              onChange={(value) => set('assigneeId', value)}
              error={errors.assigneeId}
            />
            <DateField
              label="Fecha límite"
              clearable
              value={form.dueDate}
              onChange={(value) => set('dueDate', value)}
              error={errors.dueDate}
            />
            <Select
              label="Prioridad"
              data={options(TASK_PRIORITIES, TASK_PRIORITY_LABELS)}
              value={form.priority}
              allowDeselect={false}
              onChange={(value) => value && set('priority', value as TaskPriority)}
            />
            <Select
              label="Estado"
              data={options(TASK_STATUSES, TASK_STATUS_LABELS)}
              value={form.status}
              allowDeselect={false}
              onChange={(value) => value && set('status', value as TaskStatus)}
            />
          </SimpleGrid>
          {patientField(form.patientId, (value) => set('patientId', value), errors.patientId)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {task ? 'Guardar' : 'Crear tarea'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
