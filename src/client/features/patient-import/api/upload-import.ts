import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportView } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** POST api.patientImports: the file of the previous program, read and kept with the mapping guessed. */
export function uploadImport(file: File): Promise<ImportView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<ImportView>(api.patientImports, { method: 'POST', body: form });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (view) => {
      queryClient.setQueryData(importKeys.one(view.id), view);
      void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
    },
  });
}
