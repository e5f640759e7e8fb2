import { APPOINTMENT_STATUS_LABELS } from '../../../common/schemas/appointments';
import { performs } from '../../../common/schemas/clinic-services';
import { AppError, epochMs, plus, toInstant, validationError } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import { requireSensibleLength, requireWithinHours } from './booking-rules';
import { reschedule, type AuditNote } from './change';
import { NOT_PERFORMED_MESSAGE } from './kept-length';
import type { NoticedView } from './present';
import type { AppointmentView } from './repository';
import { activeDoctor } from './slots';

/**
 * The desk moves an appointment (or changes its reason): a live one only, to a doctor who performs its service,
 * keeping its length unless told another end, within the doctor's hours unless it says so. The patient is told
 * only of a move, and the change can be undone for a while.
 */
export async function rescheduleByStaff(
  deps: AppointmentDeps,
  view: AppointmentView,
  input: { doctorId?: string; startsAt?: string; endsAt?: string; reason?: string; allowOutsideHours?: boolean },
  who: AuditNote,
): Promise<NoticedView> {
  if (!['pendiente', 'confirmada'].includes(view.status)) {
    throw new AppError(
      409,
      'INVALID_TRANSITION',
      `Una cita ${APPOINTMENT_STATUS_LABELS[view.status].toLowerCase()} no se puede mover.`,
    );
  }
  const doctor = await activeDoctor(deps, input.doctorId ?? view.doctorId);
  // A booked service goes only to a doctor who performs it.
  const booked =
    view.serviceId && doctor.id !== view.doctorId && (await deps.repos.clinicServices.findById(view.serviceId));
  if (booked && !performs(booked, doctor)) throw validationError({ doctorId: NOT_PERFORMED_MESSAGE });
  const startsAt = input.startsAt ? toInstant(input.startsAt) : view.startsAt;
  const endsAt = input.endsAt
    ? toInstant(input.endsAt)
    : plus(startsAt, { milliseconds: epochMs(view.endsAt) - epochMs(view.startsAt) });
  requireSensibleLength(startsAt, endsAt);
  const moved =
    startsAt.getTime() !== view.startsAt.getTime() ||
    endsAt.getTime() !== view.endsAt.getTime() ||
    doctor.id !== view.doctorId;
  if (moved) await requireWithinHours(deps, doctor, startsAt, endsAt, input.allowOutsideHours ?? false);
  return reschedule(deps, view, { doctor, startsAt, endsAt, reason: input.reason }, who, {
    email: moved,
    undoable: true,
  });
}
