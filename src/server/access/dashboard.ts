import { AppError } from '../platform';
import type { Visibility } from './visibility';

/** The three dashboards: the clinic's (the desk), a doctor's day, a paciente's own. */
export type DashboardView = 'clinic' | 'doctor' | 'patient';

/**
 * Which dashboard a request gets follows the scope of its `read:dashboard` grant: `any` sees the clinic's,
 * `own` a doctor's day or a paciente's own; a scope that sees nothing has none.
 */
export function dashboardOf(visibility: Visibility): DashboardView | null {
  switch (visibility.kind) {
    case 'all':
      return 'clinic';
    case 'doctor':
      return 'doctor';
    case 'patient':
      return 'patient';
    case 'none':
      return null;
  }
}

/** Refuses (403, as the access hook does) a dashboard that is not the one this request's scope gets. */
export function requireDashboard(scope: { visibility: Visibility }, view: DashboardView): void {
  if (dashboardOf(scope.visibility) !== view) throw new AppError(403, 'FORBIDDEN');
}
