import { api } from '../../../../common/paths';
import type { SessionState, SignInInput } from '../../../../common/schemas/auth';
import { apiFetch } from '../../api-client';

export const signInRequest = (input: SignInInput) =>
  apiFetch<SessionState>(api.auth.signIn, { method: 'POST', body: input });
