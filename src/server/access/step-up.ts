import type { RequestUser } from './request-user';
import { toInstant } from '../platform';

/** How long a proof given in a session (its sign-in, or the password or a factor given again) lets it change factors. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** Until when this session may change how the account signs in without proving itself again (null: not now). */
export function stepUpUntil(user: Pick<RequestUser, 'provedAt'>, nowMs: number): Date | null {
  if (!user.provedAt) return null;
  const until = user.provedAt.getTime() + STEP_UP_WINDOW_MS;
  return until > nowMs ? toInstant(until) : null;
}
