import type { OwnAppointment } from '../../../common/schemas/appointments';
import type { LinkedBooking } from '../../../common/schemas/confirmations';
import { clock } from '../../platform';
import type { AppointmentView } from '../appointments/repository';
import type { FormLink, VisitForms } from '../appointments/visit-forms';
import type { CoreDeps } from '../deps';

/** The statuses a reminder's answer applies to. */
export const LIVE_STATUSES: readonly string[] = ['pendiente', 'confirmada'];

/** The appointment a reminder's link names, if it still exists. */
export const appointmentAnswered = (deps: Pick<CoreDeps, 'repos'>, id: string) => deps.repos.appointments.findView(id);

/** The latest answers to the reminders of these appointments. */
export const answersOf = (deps: Pick<CoreDeps, 'repos'>, appointmentIds: string[]) =>
  deps.repos.confirmations.forAppointments(appointmentIds);

/** The answers to the reminders of the appointments in a range, one doctor's or all. */
export const answersInRange = (deps: Pick<CoreDeps, 'repos'>, range: { from: Date; to: Date; doctorId?: string }) =>
  deps.repos.confirmations.forRange(range);

/**
 * What the booking's page shows of the reminder (decision 0127): whether «Confirmo» and «No podré ir» are offered
 * (a live visit not begun, inside the cancellation window too), the last answer, and — while it can be answered —
 * the questionnaires and consents the visit still asks: with their links when `withLinks` (the page was opened
 * from a message sent to the patient), else by title only.
 */
export async function reminderPageOf(
  deps: Pick<CoreDeps, 'repos'> & { visitForms: Pick<VisitForms, 'pendingForms'> },
  view: AppointmentView,
  withLinks: boolean,
): Promise<Omit<LinkedBooking, keyof OwnAppointment>> {
  const past = view.startsAt.getTime() <= clock.nowMs();
  const canAnswer = LIVE_STATUSES.includes(view.status) && !past;
  const [answer] = await deps.repos.confirmations.forAppointments([view.id]);
  const pending = canAnswer ? await deps.visitForms.pendingForms(view) : { questionnaires: [], consents: [] };
  const shown = (forms: FormLink[]) => forms.map((form) => ({ title: form.title, url: withLinks ? form.url : null }));
  return {
    past,
    canAnswer,
    answer: answer ? { answer: answer.answer, answeredAt: answer.answeredAt.toISOString() } : null,
    pendingForms: { questionnaires: shown(pending.questionnaires), consents: shown(pending.consents) },
  };
}
