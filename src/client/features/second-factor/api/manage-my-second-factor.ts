import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secondFactorApi } from '../../../../common/second-factor-paths';
import type { Passkey, TotpEnrolment, WebauthnOptions } from '../../../../common/schemas/second-factor';
import { apiFetch } from '../../../lib/api-client';
import { mySecondFactorQueryOptions } from './get-my-second-factor';

export const startMyTotp = () => apiFetch<TotpEnrolment>(secondFactorApi.myTotp, { method: 'POST' });

export const confirmMyTotp = (code: string) =>
  apiFetch<{ recoveryCodes?: string[] }>(secondFactorApi.myTotpConfirm, { method: 'POST', body: { code } });

export const removeMyTotp = () => apiFetch<void>(secondFactorApi.myTotp, { method: 'DELETE' });

export const myPasskeyOptions = () => apiFetch<WebauthnOptions>(secondFactorApi.myPasskeyOptions, { method: 'POST' });

export const addMyPasskey = (name: string, response: unknown) =>
  apiFetch<{ passkey: Passkey; recoveryCodes?: string[] }>(secondFactorApi.myPasskeys, {
    method: 'POST',
    body: { name, response },
  });

export const renameMyPasskey = ({ id, name }: { id: string; name: string }) =>
  apiFetch<Passkey>(secondFactorApi.myPasskey(id), { method: 'PATCH', body: { name } });

export const removeMyPasskey = (id: string) => apiFetch<void>(secondFactorApi.myPasskey(id), { method: 'DELETE' });

export const renewMyRecoveryCodes = () =>
  apiFetch<{ recoveryCodes: string[] }>(secondFactorApi.myRecoveryCodes, { method: 'POST' });

/** A change of one's second factor: the «Segundo factor» card reads its state again afterwards. */
export function useSecondFactorChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySecondFactorQueryOptions.queryKey }),
  });
}
