import { api } from '../../common/api-paths';
import type { EndedSessions } from '../../common/schemas/sessions';
import { apiFetch } from '../lib/api-client';

/**
 * POST api.endOtherSessions: «Cerrar las demás»; this session stays. Shared: «Sesiones abiertas» offers it, and
 * so does «Segundo factor» right after one is turned on (issue 33).
 */
export const endOtherSessions = () => apiFetch<EndedSessions>(api.endOtherSessions, { method: 'POST' });
