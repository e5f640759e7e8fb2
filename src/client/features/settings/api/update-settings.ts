import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../common/paths';
import type { ClinicSettingsResponse, ClinicSettingsUpdate } from '../../../../common/schemas/settings';
import { apiFetch } from '../../../lib/api-client';
import { getSettingsQueryOptions } from './get-settings';

/** The key of the public clinic query (features/clinic): the public pages show these settings too. */
const PUBLIC_CLINIC_QUERY_KEY = ['public', 'clinic'] as const;

export const updateSettings = (changes: ClinicSettingsUpdate) =>
  apiFetch<ClinicSettingsResponse>(api.settings, { method: 'PATCH', body: changes });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(getSettingsQueryOptions().queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_CLINIC_QUERY_KEY });
    },
  });
}
