import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../common/api-paths';
import type { surveyViewSchema } from '../../../../common/schemas/channels';
import { apiFetch } from '../../../lib/api-client';

export type SurveyView = z.infer<typeof surveyViewSchema>;

/** The after-visit survey a link opens (reading it records nothing). */
export const getSurvey = (token: string, signal?: AbortSignal) =>
  apiFetch<SurveyView>(api.public.survey(token), { signal });

export const getSurveyQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'survey', token],
    queryFn: ({ signal }) => getSurvey(token, signal),
    retry: false,
  });

export const useSurvey = (token: string) => useQuery(getSurveyQueryOptions(token));
