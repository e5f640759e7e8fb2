import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { UserList, UserListQuery } from '../../../../common/schemas/users';
import { apiFetch, toQueryString } from '../../../lib/api-client';
import { usersRootKey } from './keys';

export const getUsers = (query: UserListQuery, signal?: AbortSignal) =>
  apiFetch<UserList>(`${api.users}${toQueryString({ ...query })}`, { signal });

export const getUsersQueryOptions = (query: UserListQuery = {}) =>
  queryOptions({
    queryKey: [...usersRootKey, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UserListQuery = {}) => useQuery(getUsersQueryOptions(query));
