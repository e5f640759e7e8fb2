import { queryOptions, useQuery } from '@tanstack/react-query';
import { secondFactorApi } from '../../../../common/second-factor-paths';
import type { SecondFactorStatus } from '../../../../common/schemas/second-factor';
import { apiFetch } from '../../../lib/api-client';

/** «Segundo factor» of one's profile: the app, the passkeys, the recovery codes left. */
export const getMySecondFactor = (signal?: AbortSignal) =>
  apiFetch<SecondFactorStatus>(secondFactorApi.mine, { signal });

export const mySecondFactorQueryOptions = queryOptions({
  queryKey: ['second-factor', 'mine'],
  queryFn: ({ signal }) => getMySecondFactor(signal),
});

export const useMySecondFactor = () => useQuery(mySecondFactorQueryOptions);
