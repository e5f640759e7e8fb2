import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { startMailDelivery } from './jobs/mail-delivery';
import { startMessageEmailJob } from './jobs/message-emails';
import { startRateLimitSweep } from './jobs/rate-limit-sweep';
import { startReminderJob } from './jobs/reminders';
import { startSurveyJob } from './jobs/surveys';
import { createSurveyService } from './modules/channels/surveys';
import { createOpinionsService } from './modules/opinions/service';
import { createPatientImportService } from './modules/patient-import/service';
import { startPatientImportWorker } from './modules/patient-import/worker';
import { startSessionSweep } from './jobs/session-sweep';
import { startWaitingListJob } from './jobs/waiting-list';
import { createMailer, type Mailer } from './mail/mailer';
import { createAppointmentService } from './modules/appointments/service';
import { createConfirmationService } from './modules/confirmations/service';
import type { CoreDeps } from './modules/deps';
import { createLiveEvents } from './modules/events/live-events';
import { aeatClientFromConfig } from './billing/verifactu/aeat-client';
import { startVerifactuSender } from './jobs/verifactu-sender';
import { createInvoicingService } from './modules/invoices/service';
import { createVerifactuSender, type SubmissionPolicy } from './modules/invoices/submissions';
import { createMessagesService } from './modules/messages/service';
import { createPaymentsService } from './modules/payments/service';
import type { DeliveryPolicy } from './modules/outbox/delivery';
import { createOutbox } from './modules/outbox/service';
import { createChannelMessaging } from './modules/channels/service';
import { createRepositories } from './modules/repositories';
import type { RouteDeps } from './modules/route-plugin';
import { createSecondFactorService } from './modules/second-factor/service';
import { createWaitingListService } from './modules/waiting-list/service';

/** Everything the server is made of, built once: what routes, plugins and jobs receive. */
export interface Deps extends RouteDeps {
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
  const appointments = createAppointmentService({
    ...core,
    waitingList: { slotFreed: (...args) => waitingList.slotFreed(...args) },
  });
  const waitingList = createWaitingListService({ ...core, appointments });

  const invoicing = createInvoicingService(core);
  const verifactuSender = createVerifactuSender({
    db: database.db,
    repo: repos.verifactuSubmissions,
    invoicing,
    client: aeatClientFromConfig(config.verifactu),
    log,
    policy: options.submissionPolicy,
  });

  return {
    ...core,
    appointments,
    waitingList,
    secondFactor: createSecondFactorService(core),
    messages: createMessagesService(core),
    confirmations: createConfirmationService({ ...core, appointments }),
    invoicing,
    verifactuSender,
    payments: createPaymentsService(core),
    surveys: createSurveyService(core),
    opinions: createOpinionsService(core),
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
    startMessageEmailJob(deps, config.jobIntervalMs),
    startWaitingListJob(deps),
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
