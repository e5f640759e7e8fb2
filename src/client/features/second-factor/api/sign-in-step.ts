import { secondFactorApi } from '../../../../common/second-factor-paths';
import type { SecondFactorDone, TotpEnrolment, WebauthnOptions } from '../../../../common/schemas/second-factor';
import { apiFetch } from '../../../lib/api-client';

/** The sign-in's second step (the pending sign-in's cookie proves the password was right). */
export const verifyTotp = (code: string) =>
  apiFetch<SecondFactorDone>(secondFactorApi.totp, { method: 'POST', body: { code } });

export const verifyRecoveryCode = (code: string) =>
  apiFetch<SecondFactorDone>(secondFactorApi.recovery, { method: 'POST', body: { code } });

export const passkeySignInOptions = () => apiFetch<WebauthnOptions>(secondFactorApi.passkeyOptions, { method: 'POST' });

export const verifyPasskey = (response: unknown) =>
  apiFetch<SecondFactorDone>(secondFactorApi.passkey, { method: 'POST', body: { response } });

/** Setting a factor up at sign-in, when the clinic requires one. */
export const startSetupTotp = () => apiFetch<TotpEnrolment>(secondFactorApi.setupTotp, { method: 'POST' });

export const confirmSetupTotp = (code: string) =>
  apiFetch<SecondFactorDone>(secondFactorApi.setupTotpConfirm, { method: 'POST', body: { code } });

export const setupPasskeyOptions = () =>
  apiFetch<WebauthnOptions>(secondFactorApi.setupPasskeyOptions, { method: 'POST' });

export const setupPasskey = (name: string, response: unknown) =>
  apiFetch<SecondFactorDone>(secondFactorApi.setupPasskey, { method: 'POST', body: { name, response } });
