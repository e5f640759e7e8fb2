import type { GenericRoutePlugin } from '../platform';
import type { ClinicalServices } from '../clinical';
import type { CoreDeps } from './deps';
import type { SurveyService } from './surveys/service';
import type { OpinionsService } from './opinions/service';

/** The services forms routes may use: its own and those of the contexts below it. */
export type Services = ClinicalServices & {
  /** The after-visit survey. */
  surveys: SurveyService;
  /** «Opiniones»: the reply by e-mail to a survey's answer. */
  opinions: OpinionsService;
};

/** What forms's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of forms (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
