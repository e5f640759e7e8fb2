import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportView } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';
import { importKeys } from './import-keys';

/** POST api.patientImportUndo: queues the undo of a whole import (within its week). */
export const undoImport = (id: string) => apiFetch<ImportView>(api.patientImportUndo(id), { method: 'POST' });

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (view) => {
      queryClient.setQueryData(importKeys.one(view.id), view);
      void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
    },
  });
}
