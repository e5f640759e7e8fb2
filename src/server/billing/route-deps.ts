import type { GenericRoutePlugin } from '../platform';
import type { CommunicationsServices } from '../communications';
import type { CoreDeps } from './deps';
import type { InvoicingService } from './invoices/service';
import type { ServiceInUseCheck } from './clinic-services/service-in-use';
import type { VerifactuSender } from './submissions/sender';
import type { PaymentsService } from './payments/service';
import type { OnlinePaymentsService } from './online-payments/service';
import type { PacksService } from './packs/service';

/** The services billing routes may use: its own and those of the contexts below it. */
export type Services = CommunicationsServices & {
  /** Issuing and cancelling invoices with their VERI*FACTU records. */
  invoicing: InvoicingService;
  /** Sends the VERI*FACTU records to the AEAT (nothing without a certificate). */
  verifactuSender: VerifactuSender;
  /** Payments against invoices and the cash closing. */
  payments: PaymentsService;
  /** What names a service elsewhere, so that it cannot be deleted (forms' published consents). */
  serviceInUse: ServiceInUseCheck[];
  /** Paying online through Redsys (issue 36, item 6). */
  onlinePayments: OnlinePaymentsService;
  /** Selling session packs and refunding their unused sessions, each with its invoice. */
  packs: PacksService;
};

/** What billing's route plugins receive as their options. */
export type RouteDeps = CoreDeps & Services;

/** A route plugin of billing (`platform/route-deps.ts`). */
export type RoutePlugin = GenericRoutePlugin<RouteDeps>;
