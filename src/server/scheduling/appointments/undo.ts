import { UNDO_WINDOW_SECONDS } from '../../../common/schemas/appointments';
import { appointmentNoticePrefix } from '../../communications';
import { settleDepositOnAttendanceIn, syncVisitSession } from '../../billing';
import { AppError, audited, clock } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import { publish } from './appointment-mail';
import { auditEntryOf, type AuditNote } from './change';
import { SlotTakenError, type AppointmentView } from './repository';

/**
 * Undoes the last change of an appointment (a move, a cancellation or a status change) when it is the
 * requester's own and at most UNDO_WINDOW_SECONDS old: the previous state comes back, the patient's e-mail
 * about it is cancelled before it leaves, and the history and audit trail keep both steps.
 */
export async function undo(deps: AppointmentDeps, view: AppointmentView, who: AuditNote): Promise<AppointmentView> {
  const { repos } = deps;
  const actorId = who.actor?.id ?? null;
  let restored: AppointmentView;
  try {
    restored = await audited(
      deps.db,
      async (tx) => {
        const last = await repos.appointments.lastEvent(view.id, tx);
        if (!last || !['rescheduled', 'status'].includes(last.action) || last.actorId !== actorId) {
          throw new AppError(409, 'NOTHING_TO_UNDO', 'No hay ningún cambio tuyo en esta cita que se pueda deshacer.');
        }
        if (clock.nowMs() - last.at.getTime() > UNDO_WINDOW_SECONDS * 1000) {
          throw new AppError(
            409,
            'UNDO_EXPIRED',
            `Ya no se puede deshacer: han pasado más de ${UNDO_WINDOW_SECONDS} segundos.`,
          );
        }
        const stopped = await repos.outbox.cancelForAppointmentSince(view.id, last.at, tx);
        if (!stopped) {
          throw new AppError(
            409,
            'UNDO_EXPIRED',
            'El aviso al paciente ya ha salido: cambia la cita de nuevo si hace falta.',
          );
        }
        await repos.appointments.revert(view.id, last, actorId, tx);
        // Attendance undone gives the visit's pack session back (and a status restored to attended takes one).
        await syncVisitSession(deps, tx, view.id);
        // …and a deposit owed back because a pack or an insurer covered the visit is paid again (or owed back).
        await settleDepositOnAttendanceIn(deps, tx, view.id);
        // The desk's call tasks of the undone change (and of the offers it made) go with it, if not started.
        await repos.tasks.dropNoticesSince(appointmentNoticePrefix(view.id), last.at, tx);
        return (await repos.appointments.findView(view.id, tx))!;
      },
      auditEntryOf(view, 'undo', who),
    );
  } catch (error) {
    if (error instanceof SlotTakenError) {
      throw new AppError(409, 'SLOT_TAKEN', 'La hora de antes ya la ha ocupado otra cita: no se puede deshacer.');
    }
    throw error;
  }
  await publish(deps, restored);
  return restored;
}
