import { api } from '../../../../common/api-paths';
import type { IdleState } from '../../../../common/schemas/sessions';
import { apiFetch } from '../../../lib/api-client';

/** GET api.myActivity: how long this session has left without input, by the server's clock (not activity itself). */
export const getIdleState = () => apiFetch<IdleState>(api.myActivity);

/**
 * POST api.myActivity: the person was at the keyboard `idleMs` ago; sent only on her input, throttled
 * (idle-tracker.ts).
 */
export const keepAlive = (idleMs: number) => apiFetch<IdleState>(api.myActivity, { method: 'POST', body: { idleMs } });
