import type { Db } from '../../platform';
import type { CoreDeps } from '../deps';

/** The active doctors, for the week's occupancy. */
export const doctorsOfTheClinic = (deps: Pick<CoreDeps, 'repos'>) => deps.repos.doctors.list();

/** The clinic's counts of the desk's dashboard, read in `db` (the audited read's). */
export async function clinicCounts(
  deps: Pick<CoreDeps, 'repos'>,
  when: { weekFrom: Date; weekTo: Date; monthAgo: Date; now: Date; today: string },
  db: Db,
) {
  const { repos } = deps;
  const [booked, pastMonth, pending, newPatients, unreadMessages, overdueTasks] = await Promise.all([
    repos.appointments.bookedMinutes(when.weekFrom, when.weekTo, db),
    repos.appointments.countByStatus(when.monthAgo, when.now, db),
    repos.appointments.countPendingConfirmations(when.now, db),
    repos.patients.countCreatedSince(when.monthAgo, db),
    repos.messages.totalUnread(db),
    repos.tasks.countOverdue(when.today, db),
  ]);
  return { booked, pastMonth, pending, newPatients, unreadMessages, overdueTasks };
}

/** The messages of the clinic a paciente's record has not read. */
export const unreadMessagesOf = (deps: Pick<CoreDeps, 'repos'>, patientId: string, db: Db) =>
  deps.repos.messages.unreadForPatient(patientId, db);
