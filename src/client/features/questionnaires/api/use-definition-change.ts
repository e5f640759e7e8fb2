import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionnaireKeys } from './keys';

/** A publication or an archive refreshes the list and every questionnaire open. */
export function useDefinitionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.definitions }),
  });
}
