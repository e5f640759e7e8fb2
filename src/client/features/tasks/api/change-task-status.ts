import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Task, TaskList, TaskStatus } from '../../../../common/schemas/tasks';
import { apiFetch } from '../../../lib/api-client';
import { tasksRootKey } from './keys';

export const changeTaskStatus = ({ id, status }: { id: string; status: TaskStatus }) =>
  apiFetch<Task>(api.taskStatus(id), { method: 'POST', body: { status } });

/** Moves the card at once (a dropped card must not jump back while the request runs); undone on failure. */
export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTaskStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: tasksRootKey });
      const previous = queryClient.getQueriesData<TaskList>({ queryKey: [...tasksRootKey, 'list'] });
      queryClient.setQueriesData<TaskList>(
        { queryKey: [...tasksRootKey, 'list'] },
        (list) =>
          list && {
            ...list,
            items: list.items.map((task) =>
              task.id === id ? { ...task, status, overdue: status === 'hecha' ? false : task.overdue } : task,
            ),
          },
      );
      return { previous };
    },
    onError: (_error, _input, context) =>
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksRootKey }),
  });
}
