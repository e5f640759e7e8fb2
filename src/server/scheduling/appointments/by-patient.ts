import { performs } from '../../../common/schemas/clinic-services';
import { AppError, toInstant, validationError } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import { reschedule, setStatus, type AuditNote } from './change';
import { keptMinutes, NOT_PERFORMED_MESSAGE } from './kept-length';
import { ownView } from './present';
import type { AppointmentView } from './repository';
import { activeDoctor, requireFreeSlot } from './slots';

/** Patients (visitors or pacientes) may change a booking only until the cancellation window. */
async function requireChangeable(deps: AppointmentDeps, view: AppointmentView) {
  const own = await ownView(deps, view);
  if (!own.canChange) {
    const settings = await deps.repos.clinic.getSettings();
    const message = ['pendiente', 'confirmada'].includes(view.status)
      ? `Solo se puede cambiar o cancelar por internet hasta ${settings.cancellationWindowHours} horas antes. Llama a la clínica${settings.phone ? ` (${settings.phone})` : ''}.`
      : 'Esta cita ya no se puede cambiar.';
    throw new AppError(409, 'CHANGE_WINDOW_CLOSED', message);
  }
}

/** A patient (by the e-mail link or from their area) cancels, within the window, and is told by e-mail. */
export async function cancelByPatient(deps: AppointmentDeps, view: AppointmentView, who: AuditNote, reason: string) {
  await requireChangeable(deps, view);
  // The reason (optional) is the patient's own: they see it in their e-mail and their area.
  const cancel = { reason: reason || null, visible: true };
  return ownView(deps, await setStatus(deps, view, 'cancelada', who, cancel, { byPatient: true }));
}

/** A patient moves a booking to another free slot (of the same or another doctor), within the window. */
export async function rescheduleByPatient(
  deps: AppointmentDeps,
  view: AppointmentView,
  input: { startsAt: string; doctorId?: string },
  who: AuditNote,
) {
  await requireChangeable(deps, view);
  const doctor = await activeDoctor(deps, input.doctorId ?? view.doctorId);
  // A booked service keeps its length (and goes only to a doctor who performs it); a visit without one
  // takes the doctor's.
  const minutes = keptMinutes(view);
  const service =
    view.serviceId && doctor.id !== view.doctorId && (await deps.repos.clinicServices.findById(view.serviceId));
  if (service && !performs(service, doctor)) throw validationError({ doctorId: NOT_PERFORMED_MESSAGE });
  const slot = await requireFreeSlot(deps, doctor, toInstant(input.startsAt), view, 'busy', undefined, minutes);
  return ownView(deps, await reschedule(deps, view, { doctor, startsAt: slot.startsAt, endsAt: slot.endsAt }, who));
}
