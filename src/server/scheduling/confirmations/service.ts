import {
  DECLINED_LATE_REASON,
  DECLINED_REASON,
  type AnswerVia,
  type PatientAnswer,
  type ReminderAnswerResult,
} from '../../../common/schemas/confirmations';
import { createDeskNotices } from '../../communications';
import { clock, minus, type Tx } from '../../platform';
import { AppError } from '../../platform';
import { audited } from '../../platform';
import type { AuditNote } from '../appointments/service';
import type { AppointmentView } from '../appointments/repository';
import type { AppointmentService } from '../appointments/service';
import type { CoreDeps } from '../deps';
import { LIVE_STATUSES } from './use-cases';

/**
 * How an answer came, and what else its transaction writes: the reminder's link answers with none; a reply «SI» or
 * «NO» by SMS or WhatsApp (`scheduling/replies/`) records its message, the chat's line and the acknowledgment with
 * the answer, so that one never exists without the other.
 */
export interface AnswerOptions {
  via?: AnswerVia;
  alsoWrite?: (tx: Tx) => Promise<unknown>;
}

/**
 * The patient's answer to the reminder, from the signed link (no sign-in). «Confirmo que iré» records the
 * answer; «No podré ir» cancels through the appointment service's own cancel (so whatever hooks into a
 * cancellation — the patient's e-mail, the live event, the waiting list — runs as for any other) and then
 * records the answer. Unlike the «Cancelar la cita» button, a decline is accepted after the cancellation
 * window closes: the clinic would rather know than find an empty chair (docs/decisions/0024-reminder-answers-and-calendar-feeds.md).
 * Such a late decline is kept apart (decision 0127): its own reason, `lateNotice` in the audit entry, and a task
 * that tells the desk, written in the cancellation's transaction. A reply «SI» / «NO» by SMS or WhatsApp calls these
 * same two (docs/decisions/0128).
 */
export function createConfirmationService(
  deps: Pick<CoreDeps, 'db' | 'repos' | 'events'> & { appointments: AppointmentService },
) {
  const { repos } = deps;
  const deskNotices = createDeskNotices(repos);

  async function result(
    view: AppointmentView,
    answer: PatientAnswer,
    answeredAt: Date,
    lateNotice?: boolean,
  ): Promise<ReminderAnswerResult> {
    const settings = await repos.clinic.getSettings();
    return {
      answer,
      answeredAt: answeredAt.toISOString(),
      status: view.status,
      startsAt: view.startsAt.toISOString(),
      timeZone: settings.timeZone,
      doctorName: view.doctorName,
      ...(lateNotice === undefined ? {} : { lateNotice }),
    };
  }

  function requireOpen(view: AppointmentView) {
    if (!LIVE_STATUSES.includes(view.status)) {
      throw new AppError(
        409,
        'INVALID_TRANSITION',
        view.status === 'cancelada' ? 'Esta cita ya está cancelada.' : 'Esta cita ya no admite respuesta.',
      );
    }
    if (view.startsAt.getTime() <= clock.nowMs()) {
      throw new AppError(
        409,
        'INVALID_TRANSITION',
        'Esta cita ya ha empezado o ha pasado: si necesitas algo, llama a la clínica.',
      );
    }
  }

  async function confirm(
    view: AppointmentView,
    who: AuditNote,
    options: AnswerOptions = {},
  ): Promise<ReminderAnswerResult> {
    requireOpen(view);
    const record = async (tx: Tx) => {
      const row = await repos.confirmations.record(view.id, 'confirmed', clock.now(), tx, options.via);
      await options.alsoWrite?.(tx);
      return row;
    };
    const row = await audited(deps.db, record, {
      actor: who.actor,
      ip: who.ip,
      action: 'update',
      entity: 'appointment',
      entityId: view.id,
      patientId: view.patientId,
      details: { ...who.details, answer: 'confirmed' },
    });
    await deps.events.publish({
      type: 'appointment',
      appointmentId: view.id,
      doctorId: view.doctorId,
      startsAt: view.startsAt.toISOString(),
    });
    return result(view, 'confirmed', row.answeredAt);
  }

  async function decline(
    view: AppointmentView,
    who: AuditNote,
    options: AnswerOptions = {},
  ): Promise<ReminderAnswerResult> {
    // A second click on the same link (or the page reloaded) answers as the first did.
    if (view.status === 'cancelada' && !options.alsoWrite) {
      const [previous] = await repos.confirmations.forAppointments([view.id]);
      if (previous?.answer === 'declined')
        return result(view, 'declined', previous.answeredAt, view.cancelReason === DECLINED_LATE_REASON);
    }
    requireOpen(view);
    const settings = await repos.clinic.getSettings();
    const answeredAt = clock.now();
    const windowHours = settings.cancellationWindowHours;
    // Inside the window (where «Cancelar la cita» is refused): a late notice, and the desk is told.
    const lateNotice = answeredAt.getTime() > minus(view.startsAt, { hours: windowHours }).getTime();
    const details = { ...who.details, answer: 'declined', ...(lateNotice ? { lateNotice, windowHours } : {}) };
    // The answer (and the desk's task) is written in the cancellation's transaction: never a cancelled appointment
    // without it. A patient's cancellation: her deposit goes back only within the service's refund window.
    const cancelled = await deps.appointments.setStatus(
      view,
      'cancelada',
      { ...who, details },
      { reason: lateNotice ? DECLINED_LATE_REASON : DECLINED_REASON, visible: true },
      {
        byPatient: true,
        alsoWrite: async (tx) => {
          await repos.confirmations.record(view.id, 'declined', answeredAt, tx, options.via);
          if (lateNotice)
            await deskNotices.lateCancellation(tx, view, {
              timeZone: settings.timeZone,
              windowHours,
              actor: who.actor,
            });
          await options.alsoWrite?.(tx);
        },
      },
    );
    return result(cancelled, 'declined', answeredAt, lateNotice);
  }

  return { confirm, decline };
}

export type ConfirmationService = ReturnType<typeof createConfirmationService>;
