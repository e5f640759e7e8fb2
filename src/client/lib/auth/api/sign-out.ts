import { api } from '../../../../common/paths';
import { apiFetch } from '../../api-client';

export const signOutRequest = () => apiFetch<void>(api.auth.signOut, { method: 'POST' });
