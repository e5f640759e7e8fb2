import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { User } from '../../../../common/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { usersRootKey } from './keys';

export const getUser = (id: string, signal?: AbortSignal) => apiFetch<User>(api.user(id), { signal });

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...usersRootKey, 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: string) => useQuery(getUserQueryOptions(id));
