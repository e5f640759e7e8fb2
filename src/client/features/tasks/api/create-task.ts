import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Task, TaskCreateInput } from '../../../../common/schemas/tasks';
import { apiFetch } from '../../../lib/api-client';
import { tasksRootKey } from './keys';

/** The assignee is e-mailed unless they are the one creating it. */
export const createTask = (input: TaskCreateInput) => apiFetch<Task>(api.tasks, { method: 'POST', body: input });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksRootKey }),
  });
}
