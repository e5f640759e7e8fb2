import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { TaskList, TaskListQuery } from '../../../../common/schemas/tasks';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { tasksRootKey } from './keys';

/** Tasks matching the filters (a doctor always gets only their own). */
export const getTasks = (query: TaskListQuery, signal?: AbortSignal) =>
  apiFetch<TaskList>(`${api.tasks}${toQueryString({ ...query })}`, { signal });

export const getTasksQueryOptions = (query: TaskListQuery = {}) =>
  queryOptions({
    queryKey: [...tasksRootKey, 'list', query],
    queryFn: ({ signal }) => getTasks(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTasks = (query: TaskListQuery = {}) => useQuery(getTasksQueryOptions(query));
