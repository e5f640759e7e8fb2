import { api } from '../../../../common/paths';
import type { SessionState, SignUpInput } from '../../../../common/schemas/auth';
import { apiFetch } from '../../api-client';

export const signUpRequest = (input: SignUpInput) =>
  apiFetch<SessionState>(api.auth.signUp, { method: 'POST', body: input });
