import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentKeys } from './get-consent-templates';

/** A change refreshes the list and every template open before the screen follows. */
export function useConsentChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.all }),
  });
}
