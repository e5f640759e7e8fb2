import type { Db } from './db/client';
import { createAppointmentsRepository } from './modules/appointments/repository';
import { createAuditRepository } from './modules/audit/repository';
import { createEventsRepository } from './modules/events/repository';
import { createAuthRepository } from './modules/auth/repository';
import { createClinicRepository } from './modules/clinic/repository';
import { createDoctorsRepository } from './modules/doctors/repository';
import { createImagesRepository } from './modules/images/repository';
import { createFilesRepository } from './modules/files/repository';
import { createOutboxRepository } from './modules/outbox/repository';
import { createPatientsRepository } from './modules/patients/repository';
import { createRateLimitsRepository } from './modules/rate-limits/repository';
import { createRecordLinkRepository } from './modules/patients/record-link-repository';
import { createTasksRepository } from './modules/tasks/repository';
import { createUsersRepository } from './modules/users/repository';
import { createPrescriptionsRepository } from './modules/prescriptions/repository';
import { createTreatmentsRepository } from './modules/treatments/repository';
import { createClinicalNotesRepository } from './modules/clinical-notes/repository';
import { createChartRepository } from './modules/chart/repository';
import { createMessagesRepository } from './modules/messages/repository';
import { createWaitingListRepository } from './modules/waiting-list/repository';
import { createConfirmationsRepository } from './modules/confirmations/repository';
import { createCalendarFeedsRepository } from './modules/calendar-feeds/repository';

/** Every repository, built on one database; routes reach SQL only through these. */
export function createRepositories(db: Db) {
  return {
    auth: createAuthRepository(db),
    confirmations: createConfirmationsRepository(db),
    calendarFeeds: createCalendarFeedsRepository(db),
    clinic: createClinicRepository(db),
    doctors: createDoctorsRepository(db),
    patients: createPatientsRepository(db),
    audit: createAuditRepository(db),
    images: createImagesRepository(db),
    appointments: createAppointmentsRepository(db),
    events: createEventsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    outbox: createOutboxRepository(db),
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
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
