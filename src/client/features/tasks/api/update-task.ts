import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Task, TaskUpdateInput } from '../../../../common/schemas/tasks';
import { apiFetch } from '../../../lib/api-client';
import { tasksRootKey } from './keys';

export const updateTask = ({ id, changes }: { id: string; changes: TaskUpdateInput }) =>
  apiFetch<Task>(api.task(id), { method: 'PATCH', body: changes });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksRootKey }),
  });
}
