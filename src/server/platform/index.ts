// The public face of platform: what the contexts above it and the composition use (scripts/server-layers.mjs).
export type { Repositories as PlatformRepositories, CoreDeps as PlatformCoreDeps } from './deps';
export type { Services as PlatformServices } from './route-deps';
export { createPlatformRepositories } from './deps';
export type { RoutePlugin as GenericRoutePlugin } from './route-deps';
export { auditContext, audited, auditedIn, auditedRead, type AuditContext } from './audit/audited';
export { roleOf, type AuditEntry, writeAuditEntry } from './audit/repository';
export type { BackupRun } from './backup/runs-repository';
export { clock } from './clock';
export type { Config } from './config';
export { cell } from './csv';
export * from './dates';
export type { Db } from './db/client';
export { asDate, executePrepared, preparedQuery, preparedStatement } from './db/prepared';
export {
  absences,
  accounts,
  appointmentAnswers,
  appointmentEvents,
  appointmentMinors,
  appointments,
  auditLog,
  calendarFeeds,
  cashClosings,
  clinicHolidays,
  clinicServiceDoctors,
  clinicServices,
  clinicalNoteAddenda,
  clinicalNotes,
  consentActs,
  consentRequests,
  consentTemplateVersionServices,
  consentTemplateVersions,
  consentTemplates,
  conversations,
  doctors,
  emailVerificationTokens,
  goLiveTests,
  images,
  initialSetupTokens,
  inboundMessages,
  insurerSettlementVisits,
  insurerTariffs,
  insurerVisitOutcomes,
  insurers,
  invoiceCancellations,
  invoiceCorrections,
  invoiceLines,
  invoiceRectifications,
  invoiceSeries,
  invoiceSubstitutions,
  invoices,
  mailOutbox,
  messageOutbox,
  messageStatusEvents,
  messages,
  passkeyChallenges,
  passkeySignIns,
  passkeys,
  passwordTokens,
  patientFileChunks,
  patientFiles,
  packProducts,
  packRefunds,
  packSessions,
  patientPacks,
  patients,
  payments,
  pendingSignIns,
  prescriptions,
  profiles,
  questionnaireRequests,
  questionnaireVersionServices,
  questionnaireVersions,
  questionnaires,
  recoveryCodes,
  sessions,
  signInDevices,
  signInThrottle,
  specialties,
  tasks,
  totpCredentials,
  treatments,
  type FallbackEmail,
  type SubmissionStatus,
  verifactuChains,
  verifactuRecords,
  verifactuSendWindows,
  verifactuSubmissions,
  visitSurveys,
  waitingListEntries,
  waitingListOffers,
  workingHours,
  quoteLines,
  quoteSeries,
  quoteSessions,
  quotes,
} from './db/schema';
export type { InvoiceParty } from './db/schema/invoices';
export type { FactorRemovals } from './db/schema/second-factor';
export { transact, type Tx } from './db/transaction';
export { decodeSignaturePng } from './signature-image';
export {
  AppError,
  TooManyRequestsError,
  notFound,
  pgConstraint,
  pgErrorCode,
  refuseHoneypot,
  validationError,
} from './errors';
export type { MessageNotice } from './events/live-events';
export { EVENTS_CHANNEL } from './events/repository';
export { startPeriodicJob } from './jobs/periodic';
export { limitFreesAt, secondsUntil, type Limit, type Limits, waitInSpanish } from './limits';
export { buildCalendar, buildIcs, type IcsEvent } from './mail/ics';
export { buttonHtml, emailLayout, escapeHtml } from './mail/layout';
export type { MailMessage } from './mail/mailer';
export type { MessagingConfig, TwilioConfig, WhatsAppConfig } from './messaging-config';
export { DELIVERY_POLICY, type DeliveryPolicy, type DeliveryResult } from './outbox/delivery';
export { createLeasedDelivery } from './outbox/leased-delivery';
export { OUTBOX_CHANNEL } from './outbox/repository';
export { stampCancelled, startPdf } from './pdf/pdf-document';
export type { ClinicRepository, ClinicSettingsRow } from './settings/clinic-repository';
export {
  changeClinicSettings,
  clinicTimeZone,
  lockClinicSettings,
  readClinicSettings,
  staffIdleMinutesOf,
  type SettingsDeps,
} from './settings/settings';
export { overHttps } from './transport';
export { clinicSettings, verifactuOutages } from './db/schema';
export { DEFAULT_PRODUCER, PRODUCT_VERSION, SYSTEM_ID, SYSTEM_NAME, declarationFacts, systemView } from './producer';
export { cashReopenings } from './db/schema';
export { writeAuditEntries } from './audit/repository';
export type { Database } from './db/client';
export { patientImportRows, patientImports } from './db/schema';
export { appSecrets, bookingDeposits, onlinePaymentAttempts, onlinePaymentOutcomes, paymentLinks } from './db/schema';
export {
  doctorSettlementLines,
  doctorSettlementRules,
  doctorSettlementServiceRules,
  doctorSettlements,
} from './db/schema';
export { SHORT_LINK_KINDS, shortLinks, type ShortLinkKind } from './db/schema';
