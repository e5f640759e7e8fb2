import type { Db } from './platform/db/client';
import { createAppointmentsRepository } from './scheduling/appointments/repository';
import { createAppointmentListsRepository } from './scheduling/appointments/lists-repository';
import { createAuditRepository } from './platform/audit/repository';
import { createEventsRepository } from './platform/events/repository';
import { createAuthRepository } from './identity/auth/repository';
import { createClinicRepository } from './platform/settings/clinic-repository';
import { createDoctorsRepository } from './scheduling/doctors/repository';
import { createImagesRepository } from './identity/images/repository';
import { createFilesRepository } from './clinical/files/repository';
import { createOutboxRepository } from './platform/outbox/repository';
import { createChannelOutboxRepository } from './communications/channels/repository';
import { createChannelPreferencesRepository } from './communications/channels/preferences-repository';
import { createVisitSurveysRepository } from './forms/surveys/repository';
import { createOpinionsRepository } from './forms/opinions/repository';
import { createPatientsRepository } from './identity/patients/repository';
import { createRateLimitsRepository } from './platform/rate-limits/repository';
import { createRecordLinkRepository } from './identity/patients/record-link-repository';
import { createTasksRepository } from './communications/tasks/repository';
import { createUsersRepository } from './identity/users/repository';
import { createPrescriptionsRepository } from './clinical/prescriptions/repository';
import { createTreatmentsRepository } from './clinical/treatments/repository';
import { createClinicalNotesRepository } from './clinical/notes/repository';
import { createChartRepository } from './clinical/chart/repository';
import { createMessagesRepository } from './communications/messages/repository';
import { createWaitingListRepository } from './scheduling/waiting-list/repository';
import { createConfirmationsRepository } from './scheduling/confirmations/repository';
import { createCalendarFeedsRepository } from './scheduling/calendar-feeds/repository';
import { createHolidaysRepository } from './scheduling/holidays/repository';
import { createAppointmentMinorsRepository } from './scheduling/appointments/minors-repository';
import { createSessionsRepository } from './identity/sessions/repository';
import { createSecondFactorRepository } from './identity/second-factor/repository';
import { createClinicServicesRepository } from './billing/services/repository';
import { createConsentsRepository } from './forms/consents/repository';
import { createQuestionnairesRepository } from './forms/questionnaires/repository';
import { createQuestionnaireRequestsRepository } from './forms/questionnaires/requests-repository';
import { createConsentSigningRepository } from './forms/consents/signing-repository';
import { createInvoicesRepository } from './billing/invoices/repository';
import { createVerifactuRecordsRepository } from './billing/submissions/records-repository';
import { createPaymentsRepository } from './billing/payments/repository';
import { createSubmissionsRepository } from './billing/submissions/repository';
import { createBillingReportsRepository } from './billing/reports/repository';
import { createGoLiveRepository } from './billing/go-live/repository';

/** Every repository, built on one database; routes reach SQL only through these. */
export function createRepositories(db: Db) {
  return {
    auth: createAuthRepository(db),
    sessions: createSessionsRepository(db),
    confirmations: createConfirmationsRepository(db),
    calendarFeeds: createCalendarFeedsRepository(db),
    clinic: createClinicRepository(db),
    holidays: createHolidaysRepository(db),
    doctors: createDoctorsRepository(db),
    clinicServices: createClinicServicesRepository(db),
    consents: createConsentsRepository(db),
    questionnaires: createQuestionnairesRepository(db),
    questionnaireRequests: createQuestionnaireRequestsRepository(db),
    consentSigning: createConsentSigningRepository(db),
    invoices: createInvoicesRepository(db),
    verifactuRecords: createVerifactuRecordsRepository(db),
    payments: createPaymentsRepository(db),
    verifactuSubmissions: createSubmissionsRepository(db),
    billingReports: createBillingReportsRepository(db),
    goLive: createGoLiveRepository(db),
    patients: createPatientsRepository(db),
    audit: createAuditRepository(db),
    images: createImagesRepository(db),
    appointments: createAppointmentsRepository(db),
    appointmentLists: createAppointmentListsRepository(db),
    appointmentMinors: createAppointmentMinorsRepository(db),
    events: createEventsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    outbox: createOutboxRepository(db),
    channelOutbox: createChannelOutboxRepository(db),
    channelPreferences: createChannelPreferencesRepository(db),
    visitSurveys: createVisitSurveysRepository(db),
    opinions: createOpinionsRepository(db),
    recordLinks: createRecordLinkRepository(db),
    tasks: createTasksRepository(db),
    users: createUsersRepository(db),
    prescriptions: createPrescriptionsRepository(db),
    treatments: createTreatmentsRepository(db),
    clinicalNotes: createClinicalNotesRepository(db),
    chart: createChartRepository(db),
    files: createFilesRepository(db),
    messages: createMessagesRepository(db),
    waitingList: createWaitingListRepository(db),
    secondFactor: createSecondFactorRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
