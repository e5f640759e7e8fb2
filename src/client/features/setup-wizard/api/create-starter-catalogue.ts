import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { StarterCatalogueInput, StarterCatalogueResult } from '../../../../common/schemas/setup';
import { apiFetch } from '../../../lib/api-client';
import { specialtyKeys } from '../../../api/specialties';
import { clinicServiceKeys } from '../../../api/clinic-services';
import { setupWizardKeys } from '../../../api/setup-wizard';

/** Creates the specialties and services ticked in the starter catalogue; those that exist by name are skipped. */
export const createStarterCatalogue = (input: StarterCatalogueInput) =>
  apiFetch<StarterCatalogueResult>(api.setupWizardCatalogue, { method: 'POST', body: input });

export function useCreateStarterCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStarterCatalogue,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: specialtyKeys.all });
      void queryClient.invalidateQueries({ queryKey: clinicServiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: setupWizardKeys.all });
    },
  });
}
