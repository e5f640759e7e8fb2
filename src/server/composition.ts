import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { startMailDelivery } from './communications/channels/delivery-job';
import { startMessageEmailJob } from './communications/messages/emails-job';
import { startRateLimitSweep } from './platform/rate-limits/sweep-job';
import { startReminderJob } from './scheduling/reminders/job';
import { startSurveyJob } from './forms/surveys/job';
import { createSurveyService } from './forms/surveys/service';
import { createOpinionsService } from './forms/opinions/service';
import { startSessionSweep } from './identity/sessions/sweep-job';
import { startShortLinkSweep } from './communications/short-links/sweep-job';
import { startWaitingListJob } from './scheduling/waiting-list/job';
import { startDepositJob } from './scheduling/appointments/deposit-job';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createAppointmentService } from './scheduling/appointments/service';
import { createConfirmationService } from './scheduling/confirmations/service';
import { createInboundReplies } from './scheduling/replies/service';
import type { CoreDeps } from './deps';
import { createLiveEvents } from './platform/events/live-events';
import { createPatientImportService } from './clinical/patient-import/service';
import { startPatientImportWorker } from './clinical/patient-import/worker';
import { aeatClientFromConfig } from './billing/verifactu/aeat-client';
import { certificateHolderNif } from './billing/verifactu/certificate';
import { startVerifactuSender } from './billing/submissions/sender-job';
import { createInvoicingService } from './billing/invoices/service';
import { createVerifactuSender, type SubmissionPolicy } from './billing/submissions/sender';
import { createMessagesService } from './communications/messages/service';
import { createPaymentsService } from './billing/payments/service';
import { createOnlinePaymentsService } from './billing/online-payments/service';
import { createPacksService } from './billing/packs/service';
import { packsNamingService } from './billing/packs/use-cases';
import type { DeliveryPolicy } from './platform/outbox/delivery';
import { createOutbox } from './platform/outbox/service';
import { createChannelMessaging } from './communications/channels/service';
import { createRepositories } from './repositories';
import type { RouteDeps } from './route-plugin';
import { createSecondFactorService } from './identity/second-factor/service';
import { createWaitingListService } from './scheduling/waiting-list/service';
import { createStaffLifecycle } from './scheduling/doctors/staff-lifecycle';
import { consentsNamingService } from './forms/consents/service-in-use';
import { createVisitForms } from './forms/visit-forms';
import { formsAfterBooking } from './forms/after-booking';
import { createAfterBooking, type AfterBooking } from './scheduling/appointments/after-booking';
import { appointmentDeps } from './scheduling/appointments/appointment-deps';
import { bookingEmailStep } from './scheduling/appointments/booking-email-step';
import { waitingListAfterBooking } from './scheduling/waiting-list/after-booking';

/** Everything the server is made of, built once: what routes, plugins and jobs receive. */
export interface Deps extends RouteDeps {
  /** What follows a booking, registered below (tests register a step of their own to watch the one booking path). */
  afterBooking: AfterBooking;
  /** Stops the mail delivery under way and the live events' LISTEN (the app's `onClose`). */
  close(): Promise<void>;
}

export interface ComposeOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The SMTP or file mailer of the configuration when not given (tests give one that keeps what it sends). */
  mailer?: Mailer;
  idleLock?: boolean;
  deliveryPolicy?: DeliveryPolicy;
  /** Tests send with smaller batches or shorter waits. */
  submissionPolicy?: SubmissionPolicy;
}

/**
 * The composition root: builds the repositories, the outbox, the live events and every service once, each
 * from the dependencies it names (never from the Fastify instance), and answers them together.
 */
export async function compose(options: ComposeOptions): Promise<Deps> {
  const { config, database, log } = options;
  const repos = createRepositories(database.db);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    });
  const outbox = createOutbox({ db: database.db, repos, mailer, log, policy: options.deliveryPolicy });
  const channels = createChannelMessaging({
    db: database.db,
    repos,
    messaging: config.messaging,
    log,
    policy: options.deliveryPolicy,
  });
  const events = await createLiveEvents({ database, repos, log });
  const core: CoreDeps = { config, database, db: database.db, repos, mailer, outbox, channels, events, log };

  // A change of booking offers the freed time to the waiting list, and an accepted offer books through the
  // appointments: the booking reaches the list through this late binding, so neither file imports the other.
  const visitForms = createVisitForms(core);
  const afterBooking = createAfterBooking();
  const appointmentsDeps = appointmentDeps(core, {
    waitingList: { slotFreed: (...args) => waitingList.slotFreed(...args) },
    forms: visitForms,
    afterBooking,
  });
  const appointments = createAppointmentService(appointmentsDeps);
  const waitingList = createWaitingListService({ ...core, appointments });
  // What follows a booking, whichever path made it (`scheduling/appointments/book.ts`), in this order: forms asks the
  // consents and questionnaires (in the booking's transaction), the patient is told by e-mail, or the desk by a call
  // task (in it too, the e-mail through the outbox), and after the commit the waiting list marks an offer the desk
  // booked as accepted.
  afterBooking.register(formsAfterBooking(core));
  afterBooking.register(bookingEmailStep(appointmentsDeps));
  afterBooking.register(waitingListAfterBooking(waitingList));

  const confirmations = createConfirmationService({ ...core, appointments });
  const invoicing = createInvoicingService(core);
  const verifactuSender = createVerifactuSender({
    db: database.db,
    repo: repos.verifactuSubmissions,
    outages: repos.verifactuOutages,
    client: aeatClientFromConfig(config.verifactu),
    certificateNif: certificateHolderNif(config.verifactu.certificate),
    log,
    policy: options.submissionPolicy,
  });

  return {
    ...core,
    appointments,
    waitingList,
    secondFactor: createSecondFactorService(core),
    staffLifecycle: createStaffLifecycle(repos),
    serviceInUse: [consentsNamingService(repos), packsNamingService(repos)],
    visitForms,
    afterBooking,
    messages: createMessagesService(core),
    confirmations,
    // A patient's reply by SMS or WhatsApp: the webhooks are communications', the rules scheduling's.
    inboundReplies: createInboundReplies({ ...core, appointments, confirmations }),
    invoicing,
    verifactuSender,
    payments: createPaymentsService(core),
    onlinePayments: createOnlinePaymentsService({ ...core, gateway: config.redsys }),
    surveys: createSurveyService(core),
    opinions: createOpinionsService(core),
    packs: createPacksService(core, invoicing),
    patientImports: createPatientImportService(core),
    idleLock: options.idleLock ?? true,
    async close() {
      await outbox.close();
      await channels.close();
      await verifactuSender.close();
      await events.close();
    },
  };
}

/** Starts the scheduled work of a server (tests call the work directly); answers the function that stops it. */
export async function startJobs(deps: Deps): Promise<() => Promise<void>> {
  const { config } = deps;
  const stops = [
    startReminderJob(deps, config.jobIntervalMs),
    startSurveyJob(deps, config.jobIntervalMs),
    startRateLimitSweep(deps),
    startSessionSweep(deps),
    startShortLinkSweep(deps),
    startMessageEmailJob(deps, config.jobIntervalMs),
    startWaitingListJob(deps),
    startDepositJob(deps, config.jobIntervalMs),
    startVerifactuSender(deps, config.jobIntervalMs),
  ];
  const stopMailDelivery = await startMailDelivery(deps);
  const stopPatientImports = await startPatientImportWorker(deps, config.jobIntervalMs);
  return async () => {
    for (const stop of stops) stop();
    await stopMailDelivery();
    await stopPatientImports();
  };
}
