import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppointmentService } from './appointments/service';
import type { ConfirmationService } from './confirmations/service';
import type { CoreDeps } from './deps';
import type { InvoicingService } from './invoices/service';
import type { VerifactuSender } from './invoices/submissions';
import type { MessagesService } from './messages/service';
import type { PaymentsService } from './payments/service';
import type { SecondFactorService } from './second-factor/service';
import type { WaitingListService } from './waiting-list/service';
import type { SurveyService } from './channels/surveys';
import type { OpinionsService } from './opinions/service';
import type { PatientImportService } from './patient-import/service';

/** What every route plugin receives as its options: the services, each built once (`composition.ts`). */
export interface RouteDeps extends CoreDeps {
  appointments: AppointmentService;
  /** The waiting list: joining, offers of freed slots, booking an offer. */
  waitingList: WaitingListService;
  /** The second factor: authenticator apps, passkeys, recovery codes (issue 21). */
  secondFactor: SecondFactorService;
  messages: MessagesService;
  confirmations: ConfirmationService;
  /** Issuing and cancelling invoices with their VERI*FACTU records (issue «Billing»). */
  invoicing: InvoicingService;
  /** Sends the VERI*FACTU records to the AEAT (nothing without a certificate). */
  verifactuSender: VerifactuSender;
  /** Payments against invoices and the day's cash closing. */
  payments: PaymentsService;
  /** The after-visit survey (issue 24, item 4). */
  surveys: SurveyService;
  /** «Opiniones»: the reply by e-mail to a survey's answer (issue 38, item 3). */
  opinions: OpinionsService;
  /** Import of patients from the previous program (issue 37, item 3). */
  patientImports: PatientImportService;
  /** Staff sessions end after the clinic's idle time: always in the server, only where tests ask for it. */
  idleLock: boolean;
}

/**
 * A route module: `modules/<domain>/routes.ts` exports `<domain>Routes`, `modules/<domain>/<part>-routes.ts`
 * exports `<domain><Part>Routes` (camelCase), and `routes.ts` lists every one (`routes.test.ts` checks both).
 */
export type RoutePlugin = FastifyPluginAsyncZod<RouteDeps>;
