import type { GenericRoutePlugin } from '../platform';
import type { BillingServices } from '../billing';
import type { CoreDeps } from './deps';
import type { AppointmentService } from './appointments/service';
import type { WaitingListService } from './waiting-list/service';
import type { ConfirmationService } from './confirmations/service';
import type { BookingForms } from './appointments/booking-forms';

/** The services scheduling routes may use: its own and those of the contexts below it. */
export type Services = BillingServices & {
  appointments: AppointmentService;
  /** The waiting list: joining, offers of freed slots, booking an offer. */
  waitingList: WaitingListService;
  confirmations: ConfirmationService;
  /** What a booking asks of the forms context (consents, questionnaires). */
  bookingForms: BookingForms;
};

/** What scheduling's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of scheduling (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
