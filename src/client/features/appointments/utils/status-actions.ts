import {
  DAY_OF_STATUSES,
  STATUS_TRANSITIONS,
  type AppointmentStatus,
  type StatusChangeInput,
} from '../../../../common/schemas/appointments';

/** A status an appointment can be moved to by hand. */
export type TargetStatus = StatusChangeInput['status'];

/** Who acts: clinic staff may make every change; a doctor only records arrival, attendance and no-shows. */
export type ActorRole = 'staff' | 'doctor';

/** The button of each change, in the order they are offered. */
export const STATUS_ACTION_LABELS: Record<TargetStatus, string> = {
  confirmada: 'Confirmar',
  en_sala: 'Llegada',
  atendida: 'Atendida',
  no_asistio: 'No asistió',
  cancelada: 'Cancelar',
};

/** What the toast says once the change is saved. */
export const STATUS_DONE_MESSAGES: Record<TargetStatus, string> = {
  confirmada: 'Cita confirmada',
  en_sala: 'Llegada registrada: el paciente está en sala',
  atendida: 'Cita marcada como atendida',
  no_asistio: 'Cita marcada como no asistida',
  cancelada: 'Cita cancelada',
};

const ORDER: TargetStatus[] = ['confirmada', 'en_sala', 'atendida', 'no_asistio', 'cancelada'];
const DOCTOR_CHANGES: TargetStatus[] = ['en_sala', 'atendida', 'no_asistio'];

const isTarget = (status: AppointmentStatus): status is TargetStatus => (ORDER as AppointmentStatus[]).includes(status);

/**
 * The changes `role` may make to an appointment in `status` (STATUS_TRANSITIONS of the contract); arrival,
 * attendance and no-show only once the appointment's day has come (`dayReached`, in the clinic's zone).
 */
export function statusActionsFor(status: AppointmentStatus, role: ActorRole, { dayReached }: { dayReached: boolean }): TargetStatus[] {
  const allowed = STATUS_TRANSITIONS[status].filter(isTarget);
  return ORDER.filter(
    (target) =>
      allowed.includes(target) &&
      (role === 'staff' || DOCTOR_CHANGES.includes(target)) &&
      (dayReached || !DAY_OF_STATUSES.includes(target)),
  );
}

/** Appointments that can still be moved in the calendar. */
export const isReschedulable = (status: AppointmentStatus) => status === 'pendiente' || status === 'confirmada';
