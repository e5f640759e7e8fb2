import { api } from '../../../../common/paths';
import type { Profile, ProfileUpdateInput } from '../../../../common/schemas/auth';
import { apiFetch } from '../../api-client';

export const updateProfileRequest = (input: ProfileUpdateInput) =>
  apiFetch<Profile>(api.profile, { method: 'PATCH', body: input });
