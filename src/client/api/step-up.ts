import { secondFactorApi } from '../../common/second-factor-paths';
import type { WebauthnOptions } from '../../common/schemas/second-factor';
import type { StepUpInput, StepUpStatus } from '../../common/schemas/step-up';
import { apiFetch } from '../lib/api-client';

/** Whether this session may change its factors now, and how it can confirm it is its owner. */
export const getStepUpStatus = () => apiFetch<StepUpStatus>(secondFactorApi.stepUp);

/** «Confirma que eres tú»: the password, a code of the app, a recovery code or a passkey. */
export const proveStepUp = (proof: StepUpInput) =>
  apiFetch<StepUpStatus>(secondFactorApi.stepUp, { method: 'POST', body: proof });

export const stepUpPasskeyOptions = () =>
  apiFetch<WebauthnOptions>(secondFactorApi.stepUpPasskeyOptions, { method: 'POST' });
