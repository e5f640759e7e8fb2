import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../common/api-paths';
import type { SetupStep, SetupStepState, SetupWizardView } from '../../common/schemas/setup';
import { apiFetch } from '../lib/api-client';

/** The set-up wizard's progress: read by the wizard, the admin dashboard's card and the settings page. */
export const setupWizardKeys = { all: ['setup-wizard'] as const };

export const getSetupWizard = (signal?: AbortSignal) => apiFetch<SetupWizardView>(api.setupWizard, { signal });

export const getSetupWizardQueryOptions = () =>
  queryOptions({ queryKey: setupWizardKeys.all, queryFn: ({ signal }) => getSetupWizard(signal) });

export const useSetupWizard = () => useQuery(getSetupWizardQueryOptions());

export const markSetupStep = ({ step, state }: { step: SetupStep; state: SetupStepState }) =>
  apiFetch<SetupWizardView>(api.setupWizardStep(step), { method: 'PUT', body: { state } });

export const finishSetupWizard = () => apiFetch<SetupWizardView>(api.setupWizardFinish, { method: 'POST', body: {} });

export const dismissSetupWizard = () => apiFetch<SetupWizardView>(api.setupWizardDismiss, { method: 'POST', body: {} });

function useProgressChange<Input>(change: (input: Input) => Promise<SetupWizardView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (view) => queryClient.setQueryData(setupWizardKeys.all, view),
  });
}

export const useMarkSetupStep = () => useProgressChange(markSetupStep);
export const useFinishSetupWizard = () => useProgressChange(finishSetupWizard);
export const useDismissSetupWizard = () => useProgressChange(dismissSetupWizard);
