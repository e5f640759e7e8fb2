import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { OpinionList, OpinionRatings } from '../../../../common/schemas/opinions';
import { apiFetch, toQueryString } from '../../../lib/api-client';

export const opinionKeys = {
  all: ['opinions'] as const,
  ratings: (months: number) => [...opinionKeys.all, 'ratings', months] as const,
  list: (page: number) => [...opinionKeys.all, 'list', page] as const,
};

/** The after-visit ratings by month, doctor and service (the desk's all, a doctor's own). */
export const getOpinionRatings = (months: number, signal?: AbortSignal) =>
  apiFetch<OpinionRatings>(`${api.opinionRatings}${toQueryString({ months })}`, { signal });

export const useOpinionRatings = (months: number) =>
  useQuery(
    queryOptions({ queryKey: opinionKeys.ratings(months), queryFn: ({ signal }) => getOpinionRatings(months, signal) }),
  );

/** A page of the answers, the newest first. */
export const getOpinions = (page: number, signal?: AbortSignal) =>
  apiFetch<OpinionList>(`${api.opinions}${toQueryString({ page })}`, { signal });

export const useOpinions = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: opinionKeys.list(page),
      queryFn: ({ signal }) => getOpinions(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
