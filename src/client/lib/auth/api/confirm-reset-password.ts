import { api } from '../../../../common/paths';
import type { SessionState } from '../../../../common/schemas/auth';
import { apiFetch } from '../../api-client';

export const confirmResetPasswordRequest = (input: { token: string; password: string }) =>
  apiFetch<SessionState>(api.auth.confirmResetPassword, { method: 'POST', body: input });
