import type { CoreDeps } from '../deps';

/** The appointment a reminder's link names, if it still exists. */
export const appointmentAnswered = (deps: Pick<CoreDeps, 'repos'>, id: string) => deps.repos.appointments.findView(id);

/** The latest answers to the reminders of these appointments. */
export const answersOf = (deps: Pick<CoreDeps, 'repos'>, appointmentIds: string[]) =>
  deps.repos.confirmations.forAppointments(appointmentIds);

/** The answers to the reminders of the appointments in a range, one doctor's or all. */
export const answersInRange = (deps: Pick<CoreDeps, 'repos'>, range: { from: Date; to: Date; doctorId?: string }) =>
  deps.repos.confirmations.forRange(range);
