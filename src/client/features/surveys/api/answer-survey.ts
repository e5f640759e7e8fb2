import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { getSurveyQueryOptions, type SurveyView } from './get-survey';

/** Answers the survey once (a second answer is refused). */
export const answerSurvey = ({ token, score, comment }: { token: string; score: number; comment: string }) =>
  apiFetch<SurveyView>(api.public.survey(token), { method: 'POST', body: { score, comment } });

export const useAnswerSurvey = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerSurvey,
    onSuccess: (survey) => client.setQueryData(getSurveyQueryOptions(token).queryKey, survey),
  });
};
