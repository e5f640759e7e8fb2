import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions } from '../../../api/other-sessions';
import { mySessionsKey } from './get-my-sessions';

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsKey }),
  });
}
