import type { Db } from '../db/client';
import { createAppointmentsRepository } from './appointments/repository';
import { createAppointmentListsRepository } from './appointments/lists-repository';
import { createAuditRepository } from './audit/repository';
import { createEventsRepository } from './events/repository';
import { createAuthRepository } from './auth/repository';
import { createClinicRepository } from './clinic/repository';
import { createDoctorsRepository } from './doctors/repository';
import { createImagesRepository } from './images/repository';
import { createFilesRepository } from './files/repository';
import { createOutboxRepository } from './outbox/repository';
import { createChannelOutboxRepository } from './channels/repository';
import { createChannelPreferencesRepository } from './channels/preferences-repository';
import { createVisitSurveysRepository } from './channels/survey-repository';
import { createOpinionsRepository } from './opinions/repository';
import { createPatientsRepository } from './patients/repository';
import { createRateLimitsRepository } from './rate-limits/repository';
import { createRecordLinkRepository } from './patients/record-link-repository';
import { createTasksRepository } from './tasks/repository';
import { createUsersRepository } from './users/repository';
import { createPrescriptionsRepository } from './prescriptions/repository';
import { createTreatmentsRepository } from './treatments/repository';
import { createClinicalNotesRepository } from './clinical-notes/repository';
import { createChartRepository } from './chart/repository';
import { createMessagesRepository } from './messages/repository';
import { createWaitingListRepository } from './waiting-list/repository';
import { createConfirmationsRepository } from './confirmations/repository';
import { createCalendarFeedsRepository } from './calendar-feeds/repository';
import { createHolidaysRepository } from './holidays/repository';
import { createAppointmentMinorsRepository } from './appointments/minors-repository';
import { createSessionsRepository } from './sessions/repository';
import { createSecondFactorRepository } from './second-factor/repository';
import { createClinicServicesRepository } from './clinic-services/repository';
import { createConsentsRepository } from './consents/repository';
import { createQuestionnairesRepository } from './questionnaires/repository';
import { createQuestionnaireRequestsRepository } from './questionnaires/requests-repository';
import { createConsentSigningRepository } from './consents/signing-repository';
import { createInvoicesRepository } from './invoices/repository';
import { createVerifactuRecordsRepository } from './invoices/records-repository';
import { createPaymentsRepository } from './payments/repository';
import { createSubmissionsRepository } from './invoices/submissions-repository';
import { createBillingReportsRepository } from './billing-reports/repository';
import { createGoLiveRepository } from './go-live/repository';
import { createPatientImportRepository } from './patient-import/repository';

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
    patientImports: createPatientImportRepository(db),
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
