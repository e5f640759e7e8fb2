import type { GenericRoutePlugin } from '../platform';
import type { SchedulingServices } from '../scheduling';
import type { CoreDeps } from './deps';
import type { PatientImportService } from './patient-import/service';

/** The services clinical routes may use: its own and those of the contexts below it. */
export type Services = SchedulingServices & {
  /** Import of patients and appointments from the previous program. */
  patientImports: PatientImportService;
};

/** What clinical's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of clinical (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
