import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportPlanInput, ImportView } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** POST api.patientImportStart: queues the import; its query then follows the progress. */
export const startImport = (id: string, plan: ImportPlanInput) =>
  apiFetch<ImportView>(api.patientImportStart(id), { method: 'POST', body: plan });

export function useStartImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: ImportPlanInput) => startImport(id, plan),
    onSuccess: (view) => {
      queryClient.setQueryData(importKeys.one(id), view);
      void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
    },
  });
}
