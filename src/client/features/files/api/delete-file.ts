import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import { apiFetch } from '../../../lib/api-client';
import { fileListKey } from '../../../api/file-keys';

/** Admins only: the file leaves every list; the audit trail keeps its name, type and patient. */
export const deleteFile = (id: string) => apiFetch<void>(api.file(id), { method: 'DELETE' });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileListKey }),
  });
}
