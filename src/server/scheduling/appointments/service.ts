import type { AuditNote } from './change';
import type { AppointmentDeps } from './appointment-deps';
import { manageUrl } from './appointment-mail';
import { bookAppointment, type BookingInput } from './book';
import { cancelByPatient, rescheduleByPatient } from './by-patient';
import { rescheduleByStaff } from './by-staff';
import { reschedule, requireStatusChange, setStatus } from './change';
import { enqueueDueReminders } from './due-reminders';
import { ownView } from './present';
import { activeDoctor, availability, closedDays, requireFreeSlot } from './slots';
import { undo } from './undo';
import { changePayer } from './payer';
import { depositWork, expireDepositHolds } from './deposit-holds';

export type { AuditNote };
// Kept here for the modules that present appointments (dashboards, lists).
export { presentAppointment, type NoticedView } from './present';

type Rest<F> = F extends (deps: AppointmentDeps, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/**
 * The appointments' functions bound to their dependencies once, for whoever holds `deps.appointments` (routes of
 * other modules, the waiting list, confirmations, jobs, tests). Each function lives in its own file and takes its
 * dependencies first; this only binds them.
 */
export function createAppointmentService(deps: AppointmentDeps) {
  const bind = <F extends (deps: AppointmentDeps, ...rest: never[]) => unknown>(fn: F): Rest<F> =>
    ((...rest: never[]) => fn(deps, ...rest)) as Rest<F>;
  return {
    book: (input: BookingInput) => bookAppointment(deps, input),
    activeDoctor: bind(activeDoctor),
    availability: bind(availability),
    closedDays: bind(closedDays),
    requireFreeSlot: bind(requireFreeSlot),
    cancelByPatient: bind(cancelByPatient),
    rescheduleByPatient: bind(rescheduleByPatient),
    rescheduleByStaff: bind(rescheduleByStaff),
    reschedule: bind(reschedule),
    setStatus: bind(setStatus),
    requireStatusChange: bind(requireStatusChange),
    undo: bind(undo),
    ownView: bind(ownView),
    manageUrl: bind(manageUrl),
    verifyManageToken: deps.links.verify,
    verifyFormsProof: deps.links.verifyFormsProof,
    enqueueDueReminders: bind(enqueueDueReminders),
    changePayer: bind(changePayer),
    expireDepositHolds: bind(expireDepositHolds),
    depositWork: bind(depositWork),
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
