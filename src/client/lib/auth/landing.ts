import { dashboardOf, isInAreaOf, paths } from '../../../common/paths';
import type { Role } from '../../../common/roles';
import type { FromState } from './require-role';

/** Pages outside any area that send a visitor to sign in and expect her back (the e-mail confirmation link). */
const RETURN_AFTER_SIGN_IN = new Set<string>([paths.auth.confirmEmail]);

/** After signing in: back to the page first asked for when the role may see it, else the area's dashboard. */
export function landingPathAfterSignIn(role: Role, state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (from?.pathname && (isInAreaOf(role, from.pathname) || RETURN_AFTER_SIGN_IN.has(from.pathname))) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return dashboardOf[role];
}
