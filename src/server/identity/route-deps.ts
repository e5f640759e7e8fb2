import type { GenericRoutePlugin } from '../platform';
import type { PlatformServices } from '../platform';
import type { CoreDeps } from './deps';
import type { SecondFactorService } from './second-factor/service';
import type { StaffLifecycle } from './users/staff-lifecycle';

/** The services identity routes may use: its own and those of the contexts below it. */
export type Services = PlatformServices & {
  /** The second factor: authenticator apps, passkeys, recovery codes. */
  secondFactor: SecondFactorService;
  /** Scheduling's side of a staff account's changes (the doctor row, the calendar feed). */
  staffLifecycle: StaffLifecycle;
};

/** What identity's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of identity (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
