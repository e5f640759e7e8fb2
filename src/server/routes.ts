import type { RoutePlugin } from './route-plugin';
import { apiDocsRoutes } from './api-docs/routes';
import { appointmentsListsRoutes } from './scheduling/appointments/lists-routes';
import { appointmentsPatientRoutes } from './scheduling/appointments/patient-routes';
import { appointmentsPublicRoutes } from './scheduling/appointments/public-routes';
import { appointmentsStaffRoutes } from './scheduling/appointments/staff-routes';
import { auditRoutes } from './platform/audit/routes';
import { billingReportsRoutes } from './billing/billing-reports/routes';
import { authRoutes } from './identity/auth/routes';
import { initialSetupRoutes } from './identity/initial-setup/routes';
import { setupWizardRoutes } from './scheduling/setup-wizard/routes';
import { calendarFeedsRoutes } from './scheduling/calendar-feeds/routes';
import { calendarFeedsAdminRoutes } from './scheduling/calendar-feeds/admin-routes';
import { chartRoutes } from './clinical/chart/routes';
import { channelsCallbacksRoutes } from './communications/channels/callbacks-routes';
import { channelsRoutes } from './communications/channels/routes';
import { shortLinksRoutes } from './communications/short-links/routes';
import { surveysRoutes } from './forms/surveys/routes';
import { opinionsRoutes } from './forms/opinions/routes';
import { clinicPagePublicRoutes } from './scheduling/clinic-page/public-routes';
import { clinicServicesRoutes } from './billing/clinic-services/routes';
import { insurersRoutes } from './billing/insurers/routes';
import { quotesRoutes } from './billing/quotes/routes';
import { quotesLinkRoutes } from './billing/quotes/link-routes';
import { quotesPlanningRoutes } from './billing/quotes/planning-routes';
import { packsRoutes } from './billing/packs/routes';
import { insurersSettlementRoutes } from './billing/insurers/settlement-routes';
import { settlementsRoutes } from './billing/settlements/routes';
import { clinicalNotesRoutes } from './clinical/clinical-notes/routes';
import { consentsRoutes } from './forms/consents/routes';
import { questionnairesRoutes } from './forms/questionnaires/routes';
import { questionnairesAnswerRoutes } from './forms/questionnaires/answer-routes';
import { questionnairesDoctorRoutes } from './forms/questionnaires/doctor-routes';
import { consentsRecordsRoutes } from './forms/consents/records-routes';
import { consultationRoutes } from './forms/consultation/routes';
import { consentsSigningRoutes } from './forms/consents/signing-routes';
import { confirmationsRoutes } from './scheduling/confirmations/routes';
import { dashboardRoutes } from './scheduling/dashboard/routes';
import { dataExportRoutes } from './clinical/data-export/routes';
import { clinicExportRoutes } from './clinical/clinic-export/routes';
import { doctorsMyCardRoutes } from './scheduling/doctors/my-card-routes';
import { doctorsRoutes } from './scheduling/doctors/routes';
import { doctorsSpecialtyRoutes } from './scheduling/doctors/specialty-routes';
import { liveRoutes } from './communications/live/routes';
import { filesRoutes } from './clinical/files/routes';
import { healthRoutes } from './platform/health/routes';
import { holidaysRoutes } from './scheduling/holidays/routes';
import { imagesRoutes } from './identity/images/routes';
import { invoicesBillingRoutes } from './billing/invoices/billing-routes';
import { invoicesVerifactuModeRoutes } from './billing/invoices/verifactu-mode-routes';
import { invoicesRoutes } from './billing/invoices/routes';
import { messagesRoutes } from './communications/messages/routes';
import { paymentsRoutes } from './billing/payments/routes';
import { onlinePaymentsRoutes } from './billing/online-payments/routes';
import { patientsRecordLinkRoutes } from './identity/patients/record-link-routes';
import { patientsRoutes } from './identity/patients/routes';
import { prescriptionsRoutes } from './clinical/prescriptions/routes';
import { profileAccountRoutes } from './identity/profile/account-routes';
import { profileContactRoutes } from './identity/profile/contact-routes';
import { profileRoutes } from './identity/profile/routes';
import { secondFactorAdminRoutes } from './identity/second-factor/admin-routes';
import { secondFactorPasskeySignInRoutes } from './identity/second-factor/passkey-sign-in-routes';
import { secondFactorProfileRoutes } from './identity/second-factor/profile-routes';
import { secondFactorSignInRoutes } from './identity/second-factor/sign-in-routes';
import { secondFactorStepUpRoutes } from './identity/second-factor/step-up-routes';
import { secondFactorResetReviewRoutes } from './identity/second-factor/reset-review-routes';
import { sessionsRoutes } from './identity/sessions/routes';
import { settingsRoutes } from './scheduling/settings/routes';
import { goLiveRoutes } from './billing/go-live/routes';
import { tasksRoutes } from './communications/tasks/routes';
import { treatmentsRoutes } from './clinical/treatments/routes';
import { usersRoutes } from './identity/users/routes';
import { waitingListRoutes } from './scheduling/waiting-list/routes';
import { booksRoutes } from './billing/books/routes';
import { invoicesVerifactuRoutes } from './billing/invoices/verifactu-routes';
import { invoicesCorrectionRoutes } from './billing/invoices/correction-routes';
import { patientImportRoutes } from './clinical/patient-import/routes';

/**
 * Every route module of the API, registered in this order by `app.ts` with the services as options. One
 * naming rule: `modules/<domain>/routes.ts` exports `<domain>Routes`, `modules/<domain>/<part>-routes.ts`
 * exports `<domain><Part>Routes` (camelCase); `routes.test.ts` checks that every such file is listed here.
 */
export const apiRoutes: readonly RoutePlugin[] = [
  healthRoutes,
  authRoutes,
  initialSetupRoutes,
  profileRoutes,
  profileAccountRoutes,
  dataExportRoutes,
  clinicExportRoutes,
  profileContactRoutes,
  doctorsMyCardRoutes,
  clinicPagePublicRoutes,
  settingsRoutes,
  goLiveRoutes,
  channelsRoutes,
  channelsCallbacksRoutes,
  shortLinksRoutes,
  surveysRoutes,
  opinionsRoutes,
  holidaysRoutes,
  setupWizardRoutes,
  doctorsSpecialtyRoutes,
  clinicServicesRoutes,
  insurersRoutes,
  packsRoutes,
  settlementsRoutes,
  consentsRoutes,
  questionnairesRoutes,
  questionnairesAnswerRoutes,
  questionnairesDoctorRoutes,
  consentsSigningRoutes,
  consentsRecordsRoutes,
  consultationRoutes,
  invoicesRoutes,
  invoicesBillingRoutes,
  invoicesVerifactuModeRoutes,
  invoicesVerifactuRoutes,
  invoicesCorrectionRoutes,
  paymentsRoutes,
  billingReportsRoutes,
  booksRoutes,
  doctorsRoutes,
  patientsRoutes,
  patientsRecordLinkRoutes,
  patientImportRoutes,
  imagesRoutes,
  appointmentsPublicRoutes,
  appointmentsStaffRoutes,
  appointmentsListsRoutes,
  appointmentsPatientRoutes,
  confirmationsRoutes,
  calendarFeedsRoutes,
  calendarFeedsAdminRoutes,
  dashboardRoutes,
  clinicalNotesRoutes,
  chartRoutes,
  auditRoutes,
  liveRoutes,
  tasksRoutes,
  usersRoutes,
  sessionsRoutes,
  prescriptionsRoutes,
  treatmentsRoutes,
  filesRoutes,
  messagesRoutes,
  waitingListRoutes,
  secondFactorSignInRoutes,
  secondFactorProfileRoutes,
  secondFactorStepUpRoutes,
  secondFactorResetReviewRoutes,
  secondFactorAdminRoutes,
  secondFactorPasskeySignInRoutes,
  onlinePaymentsRoutes,
  apiDocsRoutes,
  quotesRoutes,
  quotesLinkRoutes,
  quotesPlanningRoutes,
  insurersSettlementRoutes,
];
