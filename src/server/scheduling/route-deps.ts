import type { GenericRoutePlugin } from '../platform';
import type { BillingServices } from '../billing';
import type { CoreDeps } from './deps';
import type { AppointmentService } from './appointments/service';
import type { WaitingListService } from './waiting-list/service';
import type { ConfirmationService } from './confirmations/service';
import type { VisitForms } from './appointments/visit-forms';

/** The services scheduling routes may use: its own and those of the contexts below it. */
export type Services = BillingServices & {
  appointments: AppointmentService;
  /** The waiting list: joining, offers of freed slots, booking an offer. */
  waitingList: WaitingListService;
  confirmations: ConfirmationService;
  /** What a visit's e-mails and status read of the forms context (its consents). */
  visitForms: VisitForms;
};

/** What scheduling's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of scheduling (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
