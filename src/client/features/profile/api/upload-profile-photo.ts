import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../common/api-paths';
import type { Profile } from '../../../../common/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

/** POST api.profilePhoto: the server crops the picture square and answers the updated profile. */
export function uploadProfilePhoto(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<Profile>(api.profilePhoto, { method: 'POST', body });
}

export const useUploadProfilePhoto = () => useMutation({ mutationFn: uploadProfilePhoto });
