/**
 * The status rules of an appointment by what really happened, asked by the server (which enforces them)
 * and by the screens (which offer only the buttons they allow): a patient is attended only after arriving
 * (checked in, or with the arrival time stated), is never a no-show once in the waiting room nor before
 * the appointment's time, and nothing of the day is recorded before the day comes.
 */
import {
  APPOINTMENT_STATUS_LABELS,
  DAY_OF_STATUSES,
  STATUS_TRANSITIONS,
  isAppointmentDayReached,
  type AppointmentStatus,
  type StatusChangeInput,
} from './schemas/appointments';
import type { Role } from './roles';
import { dateInZone, esDateFormat } from './time';

/** A status an appointment can be moved to by hand. */
export type StatusTarget = StatusChangeInput['status'];

/** Who acts: clinic staff may make every change; a doctor only records arrival, attendance and no-shows. */
export type StatusActor = 'staff' | 'doctor';

/**
 * Who a signed-in user acts as: an admin (who holds `manage:appointments`) as the desk, a doctor as the
 * appointment's doctor; a paciente changes no status by hand. The server asks the policy itself
 * (`access/appointment-status.ts`); the screens ask this, with the session's role.
 */
export const statusActorOfRole = (role: Role): StatusActor | null =>
  role === 'admin' ? 'staff' : role === 'doctor' ? 'doctor' : null;

/** The changes a doctor may make (the rest needs `manage:appointments`). */
export const DOCTOR_STATUS_CHANGES: readonly StatusTarget[] = ['en_sala', 'atendida', 'no_asistio'];

/** Whether `actor` may make this change at all (whether it fits the moment is `statusChangeRefusal`'s). */
export const actorMayMake = (actor: StatusActor, target: StatusTarget): boolean =>
  actor === 'staff' || DOCTOR_STATUS_CHANGES.includes(target);

/** The order the changes are offered in. */
export const STATUS_TARGETS: readonly StatusTarget[] = ['confirmada', 'en_sala', 'atendida', 'no_asistio', 'cancelada'];

/** An arrival stated this far ahead of the clock is still «now» (a browser's clock a little fast). */
export const ARRIVAL_CLOCK_SKEW_MS = 2 * 60_000;

export interface StatusSubject {
  status: AppointmentStatus;
  startsAt: Date | string;
}

export interface StatusMoment {
  now: Date | number;
  timeZone: string;
}

const timeOf = (instant: Date | string | number, timeZone: string) =>
  esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));

export const NO_SHOW_AFTER_ARRIVAL_MESSAGE =
  'El paciente ya ha llegado (está en sala): no se puede marcar como «no asistió».';
export const ARRIVAL_REQUIRED_MESSAGE = 'Indica a qué hora llegó el paciente: no consta su llegada a la sala.';
export const ARRIVAL_IN_FUTURE_MESSAGE = 'La hora de llegada no puede ser posterior a ahora.';
export const ARRIVAL_OTHER_DAY_MESSAGE = 'La hora de llegada debe ser del día de la cita.';

/**
 * Why the appointment cannot go to `target` at this moment, in Spanish, or null when it can. Marking it
 * attended from a status other than «en sala» also needs the arrival time (`needsArrivalTime`).
 */
export function statusChangeRefusal(
  appointment: StatusSubject,
  target: StatusTarget,
  { now, timeZone }: StatusMoment,
): string | null {
  const from = appointment.status;
  if (!STATUS_TRANSITIONS[from].includes(target)) {
    if (from === 'en_sala' && target === 'no_asistio') return NO_SHOW_AFTER_ARRIVAL_MESSAGE;
    return `La cita está ${APPOINTMENT_STATUS_LABELS[from].toLowerCase()}: no puede pasar a ${APPOINTMENT_STATUS_LABELS[target].toLowerCase()}.`;
  }
  if (DAY_OF_STATUSES.includes(target) && !isAppointmentDayReached(appointment.startsAt, now, timeZone)) {
    const day = esDateFormat({ timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(
      new Date(appointment.startsAt),
    );
    return `Todavía no es el día de la cita: podrás marcarla como «${APPOINTMENT_STATUS_LABELS[target].toLowerCase()}» a partir del ${day}.`;
  }
  if (target === 'no_asistio' && new Date(now).getTime() < new Date(appointment.startsAt).getTime()) {
    return `Todavía no es la hora de la cita (las ${timeOf(appointment.startsAt, timeZone)}): no se puede marcar como «no asistió» antes.`;
  }
  return null;
}

/** Marking it attended without a check-in: the desk or the doctor must say when the patient arrived. */
export const needsArrivalTime = (from: AppointmentStatus, target: StatusTarget) =>
  target === 'atendida' && from !== 'en_sala';

/** Why a stated arrival time cannot be right, or null: not later than now, and on the appointment's day. */
export function arrivalRefusal(
  appointment: StatusSubject,
  arrivedAt: Date | string,
  { now, timeZone }: StatusMoment,
): string | null {
  const arrival = new Date(arrivedAt);
  if (arrival.getTime() > new Date(now).getTime() + ARRIVAL_CLOCK_SKEW_MS) return ARRIVAL_IN_FUTURE_MESSAGE;
  if (dateInZone(arrival, timeZone) !== dateInZone(appointment.startsAt, timeZone)) return ARRIVAL_OTHER_DAY_MESSAGE;
  return null;
}

/** The changes `actor` may make to the appointment at this moment, in the order they are offered. */
export function allowedStatusChanges(
  appointment: StatusSubject,
  actor: StatusActor,
  moment: StatusMoment,
): StatusTarget[] {
  return STATUS_TARGETS.filter(
    (target) => actorMayMake(actor, target) && statusChangeRefusal(appointment, target, moment) === null,
  );
}

/**
 * The arrival time a form proposes: now when the appointment has not started yet (an early patient),
 * else its start time (recorded afterwards, the start is the likelier arrival than the moment of writing).
 */
export function defaultArrival(appointment: StatusSubject, { now }: Pick<StatusMoment, 'now'>): Date {
  return new Date(Math.min(new Date(now).getTime(), new Date(appointment.startsAt).getTime()));
}

/** «En sala desde las 18:52 · 8 min»: the arrival and the minutes waited since, by the clinic's clock. */
export function waitingSince(
  arrivedAt: Date | string,
  { now, timeZone }: StatusMoment,
): { time: string; minutes: number; text: string } {
  const time = timeOf(arrivedAt, timeZone);
  const minutes = Math.max(0, Math.floor((new Date(now).getTime() - new Date(arrivedAt).getTime()) / 60_000));
  return { time, minutes, text: `En sala desde las ${time} · ${minutes} min` };
}
