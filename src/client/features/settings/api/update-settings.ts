import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { ClinicSettingsResponse, ClinicSettingsUpdate } from '../../../../common/schemas/settings';
import { clinicKeys } from '../../../api/clinic';
import { apiFetch } from '../../../lib/api-client';
import { getSettingsQueryOptions } from './get-settings';

export const updateSettings = (changes: ClinicSettingsUpdate) =>
  apiFetch<ClinicSettingsResponse>(api.settings, { method: 'PATCH', body: changes });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(getSettingsQueryOptions().queryKey, settings);
      // The public pages show these settings too.
      void queryClient.invalidateQueries({ queryKey: clinicKeys.public });
    },
  });
}
