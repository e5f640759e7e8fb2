import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { RecordLinkStatus } from '../../../../common/schemas/record-link';
import { apiFetch } from '../../../lib/api-client';
import { getRecordLinkQueryOptions } from './get-record-link';

/** E-mails a new confirmation link (429 when asked again within a minute or too often in a day). */
export const resendRecordLink = () => apiFetch<RecordLinkStatus>(api.resendRecordLink, { method: 'POST' });

export function useResendRecordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendRecordLink,
    onSuccess: (status) => queryClient.setQueryData(getRecordLinkQueryOptions().queryKey, status),
  });
}
