import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ImportDryRun, ImportPlanInput } from '../../../../common/schemas/patient-import';
import { apiFetch } from '../../../lib/api-client';

/** POST api.patientImportDryRun: what the import would do with this mapping and these choices (nothing written). */
export const dryRunImport = (id: string, plan: ImportPlanInput) =>
  apiFetch<ImportDryRun>(api.patientImportDryRun(id), { method: 'POST', body: plan });

export const useDryRunImport = (id: string) =>
  useMutation({ mutationFn: (plan: ImportPlanInput) => dryRunImport(id, plan) });
