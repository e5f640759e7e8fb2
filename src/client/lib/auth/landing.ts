import { dashboardOf, isInAreaOf } from '../../../common/paths';
import type { Role } from '../../../common/roles';
import type { FromState } from './require-role';

/** After signing in: back to the page first asked for when the role may see it, else the area's dashboard. */
export function landingPathAfterSignIn(role: Role, state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (from?.pathname && isInAreaOf(role, from.pathname)) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return dashboardOf[role];
}
