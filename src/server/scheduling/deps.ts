import type { Db } from '../platform';
import type { BillingRepositories, BillingCoreDeps } from '../billing';
import { createConfirmationsRepository } from './confirmations/repository';
import { createCalendarFeedsRepository } from './calendar-feeds/repository';
import { createHolidaysRepository } from './holidays/repository';
import { createDoctorsRepository } from './doctors/repository';
import { createAppointmentsRepository } from './appointments/repository';
import { createAppointmentListsRepository } from './appointments/lists-repository';
import { createAppointmentMinorsRepository } from './appointments/minors-repository';
import { createWaitingListRepository } from './waiting-list/repository';
import { createRepliesRepository } from './replies/repository';

/** The scheduling context's own repositories. */
export function createSchedulingRepositories(db: Db) {
  return {
    confirmations: createConfirmationsRepository(db),
    calendarFeeds: createCalendarFeedsRepository(db),
    holidays: createHolidaysRepository(db),
    doctors: createDoctorsRepository(db),
    appointments: createAppointmentsRepository(db),
    appointmentLists: createAppointmentListsRepository(db),
    appointmentMinors: createAppointmentMinorsRepository(db),
    waitingList: createWaitingListRepository(db),
    replies: createRepliesRepository(db),
  };
}

/** The repositories scheduling code may use: its own and those of the contexts below it. */
export type Repositories = BillingRepositories & ReturnType<typeof createSchedulingRepositories>;

/** What scheduling's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = BillingCoreDeps<R>;
