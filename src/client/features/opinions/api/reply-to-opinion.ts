import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Opinion } from '../../../../common/schemas/opinions';
import { apiFetch } from '../../../lib/api-client';
import { opinionKeys } from './get-opinions';

/** Replies once by e-mail to a patient's answer. */
export const replyToOpinion = ({ id, message }: { id: string; message: string }) =>
  apiFetch<Opinion>(api.opinionReply(id), { method: 'POST', body: { message } });

export const useReplyToOpinion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyToOpinion,
    onSuccess: () => client.invalidateQueries({ queryKey: [...opinionKeys.all, 'list'] }),
  });
};
