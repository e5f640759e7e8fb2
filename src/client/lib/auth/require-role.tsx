import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../common/paths';
import type { Role } from '../../../common/roles';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { sessionEndReason } from './session-end';
import { useAuth } from './use-auth';

/** Where the user was going, carried through redirects so that signing in brings them back. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * The guard of a protected area (SPEC §2): loading → `Cargando...`; signed out → `redirectTo` carrying
 * the origin; wrong role → `/unauthorized` carrying the origin. An empty list admits any signed-in user.
 * UX only: the API enforces every rule.
 */
export function RequireRole({ roles, redirectTo = paths.home }: { roles: Role[]; redirectTo?: string }) {
  const { user, profile, loading } = useAuth();
  const location = useLocation();
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  if (loading) return <FullScreenLoader />;
  if (!user || !profile) {
    // The clinic now requires a second factor this account lacks: the sign-in page opens its set-up step.
    const to = sessionEndReason() === 'second-factor' ? paths.auth.login : redirectTo;
    return <Navigate to={to} replace state={{ from } satisfies FromState} />;
  }
  if (roles.length > 0 && !roles.includes(profile.role)) {
    return <Navigate to={paths.unauthorized} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}
