import {
  ARRIVAL_REQUIRED_MESSAGE,
  arrivalRefusal,
  needsArrivalTime,
  statusChangeRefusal,
  type StatusTarget,
} from '../../../common/appointment-status-rules';
import type { AuditAction } from '../../../common/schemas/audit';
import type { AppointmentStatus } from '../../../common/schemas/appointments';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { AppError, audited, clock, toInstant, type AuditContext, type AuditEntry, type Tx } from '../../platform';
import { refundDeposit, settleDepositOnAttendanceIn, settleDepositOnCancelIn, syncVisitSession } from '../../billing';
import type { DoctorRecord } from '../doctors/repository';
import type { AppointmentDeps } from './appointment-deps';
import { beforeEmail, enqueueEmail, heldUntil, publish, type AppointmentEmailKind } from './appointment-mail';
import { keptMinutes } from './kept-length';
import type { NoticedView } from './present';
import { SlotTakenError, type AppointmentView } from './repository';
import { slotTaken } from './slots';

/** Who changes an appointment, from where, and what else the audit entry should say (e.g. `via: 'link'`). */
export type AuditNote = AuditContext & { details?: Record<string, unknown> };

export const auditEntryOf = (view: AppointmentView, action: AuditAction, who: AuditNote): AuditEntry => ({
  actor: who.actor,
  ip: who.ip,
  action,
  entity: 'appointment',
  entityId: view.id,
  patientId: view.patientId,
  details: who.details,
});

/**
 * Moves an appointment (same rules as a booking for conflicts); its audit entry («reschedule», or
 * «update» when only the reason changed) and, with `email`, the patient's «cita cambiada» in the outbox
 * are written in the same transaction.
 */
export async function reschedule(
  deps: AppointmentDeps,
  view: AppointmentView,
  changes: { doctor: DoctorRecord; startsAt: Date; endsAt: Date; reason?: string },
  who: AuditNote,
  options: { email: boolean; undoable?: boolean } = { email: true },
): Promise<NoticedView> {
  const settings = await beforeEmail(deps);
  const deliverAfter = options.undoable ? heldUntil() : undefined;
  const moved =
    changes.startsAt.getTime() !== view.startsAt.getTime() ||
    changes.endsAt.getTime() !== view.endsAt.getTime() ||
    changes.doctor.id !== view.doctorId;
  let updated: NoticedView;
  try {
    updated = await audited(
      deps.db,
      async (tx) => {
        await deps.repos.appointments.reschedule(
          view.id,
          { startsAt: changes.startsAt, endsAt: changes.endsAt, doctorId: changes.doctor.id, reason: changes.reason },
          who.actor?.id ?? null,
          tx,
        );
        const result = (await deps.repos.appointments.findView(view.id, tx))!;
        const notice = options.email
          ? await enqueueEmail(deps, tx, 'rescheduled', result, settings, deliverAfter, {
              actor: who.actor,
              previousStartsAt: view.startsAt,
            })
          : null;
        return { ...result, notices: notice ? [notice] : [] };
      },
      auditEntryOf(view, moved ? 'reschedule' : 'update', who),
    );
  } catch (error) {
    // A booked service's fresh slots are of its length.
    if (error instanceof SlotTakenError)
      throw await slotTaken(deps, changes.doctor, changes.startsAt, settings, keptMinutes(view));
    throw error;
  }
  await publish(deps, updated);
  // The old time is free: offer it to the waiting list (held and undone with the move).
  if (moved) updated.notices.push(...(await deps.waitingList.slotFreed(view, deliverAfter, who.actor)));
  return updated;
}

/**
 * Changes the status, with its audit entry («cancel» or «status») in the same transaction; the patient
 * is told, through the outbox in that transaction too, of a cancellation (with its reason when it may be
 * shown) and of the confirmation of a pending request. `cancel` says why a cancellation happened and
 * whether the patient reads it; `alsoWrite` adds the caller's own row to the same transaction.
 */
export async function setStatus(
  deps: AppointmentDeps,
  view: AppointmentView,
  status: AppointmentStatus,
  who: AuditNote,
  cancel: { reason: string | null; visible: boolean } | null = null,
  options: {
    undoable?: boolean;
    alsoWrite?: (tx: Tx) => Promise<unknown>;
    arrivedAt?: Date;
    /** The patient cancels (her deposit goes back only in time); else the clinic does (it always goes back). */
    byPatient?: boolean;
  } = {},
): Promise<NoticedView> {
  const settings = await beforeEmail(deps);
  const deliverAfter = options.undoable ? heldUntil() : undefined;
  const entry = auditEntryOf(view, status === 'cancelada' ? 'cancel' : 'status', {
    ...who,
    details: { from: view.status, to: status, ...who.details },
  });
  let refundDue: string | null = null;
  const updated = await audited(
    deps.db,
    async (tx) => {
      if (status === 'cancelada' && view.status !== 'cancelada') {
        const cancel = { byPatient: options.byPatient ?? false, startsAt: view.startsAt };
        refundDue = await settleDepositOnCancelIn(deps, tx, view.id, cancel);
      }
      await deps.repos.appointments.setStatus(view.id, status, who.actor?.id ?? null, cancel, tx, options.arrivedAt);
      // An attended visit uses a session of the patient's pack of its service; one no longer attended gives it back.
      await syncVisitSession(deps, tx, view.id);
      // A deposit for a visit a pack or an insurer covered goes back (decision 0121).
      if (status === 'atendida' || view.status === 'atendida') await settleDepositOnAttendanceIn(deps, tx, view.id);
      const changed = (await deps.repos.appointments.findView(view.id, tx))!;
      const notices: DeskNotice[] = [];
      const tell = async (kind: AppointmentEmailKind) => {
        const notice = await enqueueEmail(deps, tx, kind, changed, settings, deliverAfter, { actor: who.actor });
        if (notice) notices.push(notice);
      };
      if (status === 'cancelada') await tell('cancelled');
      if (status === 'confirmada' && view.status === 'pendiente') await tell('confirmed');
      await options.alsoWrite?.(tx);
      return { ...changed, notices };
    },
    entry,
  );
  await publish(deps, updated);
  // A deposit owed back goes now, unless the cancellation may still be undone: then the refunds' job takes it once
  // the undo has passed (a refusal is kept, retried and shown to the desk).
  if (refundDue && !options.undoable) await refundDeposit(deps, refundDue).catch(() => undefined);
  // A cancellation frees the time: offer it to the waiting list (held and undone with the change).
  if (status === 'cancelada' && view.status !== 'cancelada')
    updated.notices.push(...(await deps.waitingList.slotFreed(view, deliverAfter, who.actor)));
  return updated;
}

/**
 * The status rules by what really happened (`common/appointment-status-rules.ts`), at the clinic's
 * clock: a 409 with the rule's Spanish message, or a 400 on the arrival time when it is missing or
 * impossible. Answers the arrival to record when the patient was never checked in.
 */
export async function requireStatusChange(
  deps: Pick<AppointmentDeps, 'repos'>,
  view: AppointmentView,
  status: StatusTarget,
  arrivedAt: string | undefined,
): Promise<Date | undefined> {
  const { timeZone } = await deps.repos.clinic.getSettings();
  const moment = { now: clock.now(), timeZone };
  const refusal = statusChangeRefusal(view, status, moment);
  if (refusal) throw new AppError(409, 'INVALID_TRANSITION', refusal);
  if (!needsArrivalTime(view.status, status)) return undefined;
  if (!arrivedAt)
    throw new AppError(400, 'VALIDATION', ARRIVAL_REQUIRED_MESSAGE, { arrivedAt: ARRIVAL_REQUIRED_MESSAGE });
  const wrong = arrivalRefusal(view, arrivedAt, moment);
  if (wrong) throw new AppError(400, 'VALIDATION', wrong, { arrivedAt: wrong });
  return toInstant(arrivedAt);
}
