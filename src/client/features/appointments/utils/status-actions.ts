import {
  allowedStatusChanges,
  type StatusActor,
  type StatusMoment,
  type StatusSubject,
  type StatusTarget,
} from '../../../../common/appointment-status-rules';
import type { AppointmentStatus } from '../../../../common/schemas/appointments';

/** A status an appointment can be moved to by hand. */
export type TargetStatus = StatusTarget;

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

/**
 * The buttons to offer: the changes the server's own rules (`common/appointment-status-rules.ts`) allow
 * `actor` at this moment — no «No asistió» once in the waiting room or before the appointment's time,
 * nothing of the day before the day.
 */
export const statusActionsFor = (
  appointment: StatusSubject,
  actor: StatusActor,
  moment: StatusMoment,
): TargetStatus[] => allowedStatusChanges(appointment, actor, moment);

/** Appointments that can still be moved in the calendar. */
export const isReschedulable = (status: AppointmentStatus) => status === 'pendiente' || status === 'confirmada';
