import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportTarget, ImportView } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** POST api.patientImports: the file of the previous program (patients or appointments), read and kept with the mapping guessed. */
export function uploadImport({ file, target }: { file: File; target: ImportTarget }): Promise<ImportView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<ImportView>(`${api.patientImports}?target=${target}`, { method: 'POST', body: form });
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
