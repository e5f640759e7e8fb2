import { api } from '../../../../common/paths';
import { apiFetch } from '../../api-client';

export const resetPasswordRequest = (email: string) =>
  apiFetch<{ sent: true }>(api.auth.resetPassword, { method: 'POST', body: { email } });
