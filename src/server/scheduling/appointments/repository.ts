import type { Db } from '../../platform';
import { appointmentBookingQueries } from './booking-repository';
import { appointmentChangeQueries } from './changes-repository';
import { appointmentDiaryQueries } from './diary-repository';
import { appointmentReminderQueries } from './reminders-repository';
import { appointmentReportQueries } from './reports-repository';

export { SlotTakenError } from './booking-repository';
export type { AppointmentEvent } from './changes-repository';
export { filterConditions } from './view-repository';
export type { AppointmentFilters, AppointmentRow, AppointmentView } from './view-repository';

/**
 * All SQL about appointments and their history, one object for its callers, written in parts by what the queries
 * serve: the bookings (`booking-repository.ts`), the diary's and the lists' reads (`diary-repository.ts`), the
 * changes and their history (`changes-repository.ts`), the reminders' job (`reminders-repository.ts`) and the
 * counts (`reports-repository.ts`). The view every part answers with is `view-repository.ts`'s.
 */
export function createAppointmentsRepository(db: Db) {
  return {
    ...appointmentBookingQueries(),
    ...appointmentDiaryQueries(db),
    ...appointmentChangeQueries(db),
    ...appointmentReminderQueries(db),
    ...appointmentReportQueries(db),
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
