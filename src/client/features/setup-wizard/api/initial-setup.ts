import { api } from '../../../../common/api-paths';
import type { InitialSetupInput } from '../../../../common/schemas/setup';
import type { SignInResult } from '../../../../common/schemas/second-factor';
import { apiFetch } from '../../../lib/api-client';

/** Whether the set-up link the server printed still works (400 `SETUP_LINK_INVALID`, 409 `SETUP_DONE`). */
export const checkInitialSetup = (token: string) =>
  apiFetch<{ valid: true }>(api.initialSetupCheck, { method: 'POST', body: { token } });

/** Creates the first admin through the link and signs her in (or asks her second factor's set-up). */
export const createFirstAdmin = (input: InitialSetupInput) =>
  apiFetch<SignInResult>(api.initialSetup, { method: 'POST', body: input });
