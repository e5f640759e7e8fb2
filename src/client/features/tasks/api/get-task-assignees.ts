import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { TaskAssignee } from '../../../../common/schemas/tasks';
import { apiFetch } from '../../../lib/api-client';
import { tasksRootKey } from './keys';

/** The active staff (admins and doctors) a task can be assigned to. */
export const getTaskAssignees = (signal?: AbortSignal) => apiFetch<TaskAssignee[]>(api.taskAssignees, { signal });

export const getTaskAssigneesQueryOptions = () =>
  queryOptions({
    queryKey: [...tasksRootKey, 'assignees'],
    queryFn: ({ signal }) => getTaskAssignees(signal),
    staleTime: 60_000,
  });

export const useTaskAssignees = (enabled = true) => useQuery({ ...getTaskAssigneesQueryOptions(), enabled });
