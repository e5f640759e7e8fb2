import type { RoutePlugin } from './modules/route-plugin';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { appointmentsListsRoutes } from './modules/appointments/lists-routes';
import { appointmentsPatientRoutes } from './modules/appointments/patient-routes';
import { appointmentsPublicRoutes } from './modules/appointments/public-routes';
import { appointmentsStaffRoutes } from './modules/appointments/staff-routes';
import { auditRoutes } from './modules/audit/routes';
import { billingReportsRoutes } from './modules/billing-reports/routes';
import { authRoutes } from './modules/auth/routes';
import { calendarFeedsRoutes } from './modules/calendar-feeds/routes';
import { chartRoutes } from './modules/chart/routes';
import { channelsCallbacksRoutes } from './modules/channels/callbacks-routes';
import { channelsRoutes } from './modules/channels/routes';
import { channelsSurveyRoutes } from './modules/channels/survey-routes';
import { opinionsRoutes } from './modules/opinions/routes';
import { clinicPublicRoutes } from './modules/clinic/public-routes';
import { clinicServicesRoutes } from './modules/clinic-services/routes';
import { clinicalNotesRoutes } from './modules/clinical-notes/routes';
import { consentsRoutes } from './modules/consents/routes';
import { questionnairesRoutes } from './modules/questionnaires/routes';
import { questionnairesAnswerRoutes } from './modules/questionnaires/answer-routes';
import { questionnairesDoctorRoutes } from './modules/questionnaires/doctor-routes';
import { consentsRecordsRoutes } from './modules/consents/records-routes';
import { consentsSigningRoutes } from './modules/consents/signing-routes';
import { confirmationsRoutes } from './modules/confirmations/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { doctorsMyCardRoutes } from './modules/doctors/my-card-routes';
import { doctorsRoutes } from './modules/doctors/routes';
import { doctorsSpecialtyRoutes } from './modules/doctors/specialty-routes';
import { eventsRoutes } from './modules/events/routes';
import { filesRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { holidaysRoutes } from './modules/holidays/routes';
import { imagesRoutes } from './modules/images/routes';
import { invoicesBillingRoutes } from './modules/invoices/billing-routes';
import { invoicesRoutes } from './modules/invoices/routes';
import { messagesRoutes } from './modules/messages/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { patientsRecordLinkRoutes } from './modules/patients/record-link-routes';
import { patientsRoutes } from './modules/patients/routes';
import { patientImportRoutes } from './modules/patient-import/routes';
import { prescriptionsRoutes } from './modules/prescriptions/routes';
import { profileAccountRoutes } from './modules/profile/account-routes';
import { profileContactRoutes } from './modules/profile/contact-routes';
import { profileRoutes } from './modules/profile/routes';
import { secondFactorAdminRoutes } from './modules/second-factor/admin-routes';
import { secondFactorPasskeySignInRoutes } from './modules/second-factor/passkey-sign-in-routes';
import { secondFactorProfileRoutes } from './modules/second-factor/profile-routes';
import { secondFactorSignInRoutes } from './modules/second-factor/sign-in-routes';
import { secondFactorStepUpRoutes } from './modules/second-factor/step-up-routes';
import { secondFactorResetReviewRoutes } from './modules/second-factor/reset-review-routes';
import { sessionsRoutes } from './modules/sessions/routes';
import { settingsRoutes } from './modules/settings/routes';
import { goLiveRoutes } from './modules/go-live/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { treatmentsRoutes } from './modules/treatments/routes';
import { usersRoutes } from './modules/users/routes';
import { waitingListRoutes } from './modules/waiting-list/routes';

/**
 * Every route module of the API, registered in this order by `app.ts` with the services as options. One
 * naming rule: `modules/<domain>/routes.ts` exports `<domain>Routes`, `modules/<domain>/<part>-routes.ts`
 * exports `<domain><Part>Routes` (camelCase); `routes.test.ts` checks that every such file is listed here.
 */
export const apiRoutes: readonly RoutePlugin[] = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  profileAccountRoutes,
  dataExportRoutes,
  profileContactRoutes,
  doctorsMyCardRoutes,
  clinicPublicRoutes,
  settingsRoutes,
  goLiveRoutes,
  channelsRoutes,
  channelsCallbacksRoutes,
  channelsSurveyRoutes,
  opinionsRoutes,
  holidaysRoutes,
  doctorsSpecialtyRoutes,
  clinicServicesRoutes,
  consentsRoutes,
  questionnairesRoutes,
  questionnairesAnswerRoutes,
  questionnairesDoctorRoutes,
  consentsSigningRoutes,
  consentsRecordsRoutes,
  invoicesRoutes,
  invoicesBillingRoutes,
  paymentsRoutes,
  billingReportsRoutes,
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
  dashboardRoutes,
  clinicalNotesRoutes,
  chartRoutes,
  auditRoutes,
  eventsRoutes,
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
  apiDocsRoutes,
];
