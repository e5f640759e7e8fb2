import { Checkbox, Group, Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_SORTS,
  TASK_SORT_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskListQuery,
  type TaskSort,
} from '../../../../common/schemas/tasks';
import { useTaskAssignees } from '../api/get-task-assignees';
import type { PatientField } from './task-form-modal';

interface TaskFiltersProps {
  value: TaskListQuery;
  onChange: (next: TaskListQuery) => void;
  patientField: PatientField;
  /** The board shows every status in its columns: no status filter there. */
  showStatus: boolean;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Status, assignee, priority, patient, overdue only, and the order. */
export function TaskFilters({ value, onChange, patientField, showStatus }: TaskFiltersProps): ReactNode {
  const assignees = useTaskAssignees();
  const set = (changes: Partial<TaskListQuery>) => onChange({ ...value, ...changes });
  return (
    <Group align="flex-end" gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: showStatus ? 5 : 4 }} style={{ flex: 1, minWidth: 'min(100%, 36rem)' }}>
        {showStatus && (
          <Select
            label="Estado"
            placeholder="Todos"
            clearable
            data={options(TASK_STATUSES, TASK_STATUS_LABELS)}
            value={value.status ?? null}
            onChange={(status) => set({ status: (status ?? undefined) as TaskListQuery['status'] })}
          />
        )}
        <Select
          label="Responsable"
          placeholder="Todas las personas"
          clearable
          searchable
          data={(assignees.data ?? []).map((person) => ({ value: person.id, label: person.displayName }))}
          value={value.assigneeId ?? null}
          onChange={(assigneeId) => set({ assigneeId: assigneeId ?? undefined })}
        />
        <Select
          label="Prioridad"
          placeholder="Todas"
          clearable
          data={options(TASK_PRIORITIES, TASK_PRIORITY_LABELS)}
          value={value.priority ?? null}
          onChange={(priority) => set({ priority: (priority ?? undefined) as TaskListQuery['priority'] })}
        />
        {patientField(value.patientId ?? null, (patientId) => set({ patientId: patientId ?? undefined }))}
        <Select
          label="Ordenar por"
          data={options(TASK_SORTS, TASK_SORT_LABELS)}
          value={value.sort ?? 'due'}
          allowDeselect={false}
          onChange={(sort) => set({ sort: (sort ?? 'due') as TaskSort })}
        />
      </SimpleGrid>
      <Checkbox
        label="Solo vencidas"
        checked={value.overdue === 'true'}
        onChange={(event) => set({ overdue: event.currentTarget.checked ? 'true' : undefined })}
        mb={8}
      />
    </Group>
  );
}
