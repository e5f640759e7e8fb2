import { paths } from '../../../common/paths';
import { UNDO_MARGIN_SECONDS, UNDO_WINDOW_SECONDS } from '../../../common/schemas/appointments';
import type { DeskNotice } from '../../../common/schemas/tasks';
import { clock, plus, type AuditEntry, type ClinicSettingsRow, type Tx } from '../../platform';
import type { AppointmentDeps } from './appointment-deps';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReceivedEmail,
  bookingRescheduledEmail,
  reminderEmail,
  type AppointmentMailInput,
} from './emails';
import type { AppointmentView } from './repository';

export type AppointmentEmailKind = 'received' | 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** The link that manages a booking (the signed token of `manage-link.ts`). */
export async function manageUrl(deps: Pick<AppointmentDeps, 'config' | 'links'>, appointmentId: string) {
  return `${deps.config.publicUrl}${paths.manageBooking(await deps.links.tokenFor(appointmentId))}`;
}

/** Whether a patient may still change or cancel it online: a live one before the cancellation window. */
function changeableOnline(view: AppointmentView, settings: ClinicSettingsRow) {
  const deadline = view.startsAt.getTime() - settings.cancellationWindowHours * 3_600_000;
  return ['pendiente', 'confirmada'].includes(view.status) && clock.nowMs() <= deadline;
}

/** The e-mail data of an appointment (none when the patient has no e-mail). */
export async function mailInput(
  deps: Pick<AppointmentDeps, 'config' | 'links' | 'forms'>,
  view: AppointmentView,
  settings: ClinicSettingsRow,
  tx?: Tx,
): Promise<AppointmentMailInput | null> {
  if (!view.patientEmail) return null;
  return {
    to: view.patientEmail,
    patientName: view.patientFirstName,
    clinic: {
      name: settings.name,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      timeZone: settings.timeZone,
    },
    appointment: {
      id: view.id,
      startsAt: view.startsAt,
      endsAt: view.endsAt,
      doctorName: view.doctorName,
      specialty: view.specialty,
      reason: view.reason,
    },
    manageUrl: await manageUrl(deps, view.id),
    cancellationWindowHours: settings.cancellationWindowHours,
    changeableOnline: changeableOnline(view, settings),
    includeReason: settings.mailIncludeReason,
    consents: tx ? await deps.forms.consentLinks(view, tx) : [],
  };
}

/**
 * Renders an appointment e-mail and writes it to the outbox in `tx`, the transaction of the change
 * that causes it: the e-mail exists if and only if the change commits, and the worker delivers it.
 * `settings` come from `beforeEmail`, read once before the transaction with the link key (which is made in a
 * transaction of its own, since it must commit whatever the change does).
 * A patient without e-mail gets no e-mail: the desk gets a call task instead (in `tx` too), answered
 * here so the caller can tell whoever made the change.
 */
export async function enqueueEmail(
  deps: Pick<AppointmentDeps, 'config' | 'links' | 'forms' | 'outbox' | 'deskNotices'>,
  tx: Tx,
  kind: AppointmentEmailKind,
  view: AppointmentView,
  settings: ClinicSettingsRow,
  deliverAfter?: Date,
  notice: { actor: AuditEntry['actor']; previousStartsAt?: Date } = { actor: null },
  questionnaires?: AppointmentMailInput['questionnaires'],
): Promise<DeskNotice | null> {
  const mail = await mailInput(deps, view, settings, kind === 'cancelled' ? undefined : tx);
  const input = mail && questionnaires?.length ? { ...mail, questionnaires } : mail;
  if (!input) return deps.deskNotices.forAppointment(tx, kind, view, { timeZone: settings.timeZone, ...notice });
  const message =
    kind === 'received'
      ? bookingReceivedEmail({ ...input, pending: view.status === 'pendiente' })
      : kind === 'confirmed'
        ? bookingConfirmedEmail(input)
        : kind === 'rescheduled'
          ? bookingRescheduledEmail(input)
          : kind === 'cancelled'
            ? // The reason only when it may be shown to the patient (their own, or staff chose to show it).
              bookingCancelledEmail({ ...input, reason: view.cancelReasonVisible ? (view.cancelReason ?? '') : '' })
            : reminderEmail(input);
  await deps.outbox.enqueue(message, { tx, kind: `appointment-${kind}`, appointmentId: view.id, deliverAfter });
  return null;
}

/**
 * What an e-mail needs from outside the change's transaction: the settings (read once for the change's checks
 * and its e-mail) and the link keys, created on first use in a transaction of their own — a key must commit
 * even when the change rolls back, and on the embedded database (one connection) a transaction cannot be
 * opened from inside another.
 */
export async function beforeEmail(
  deps: Pick<AppointmentDeps, 'repos' | 'links' | 'forms'>,
  known?: ClinicSettingsRow,
): Promise<ClinicSettingsRow> {
  const settings = known ?? (await deps.repos.clinic.getSettings());
  await deps.links.tokenFor(ZERO_UUID);
  await deps.forms.prepare();
  return settings;
}

/** The desk's live event of a changed appointment (a booking's is written with its row). */
export async function publish(deps: Pick<AppointmentDeps, 'events'>, view: AppointmentView) {
  await deps.events.publish({
    type: 'appointment',
    appointmentId: view.id,
    doctorId: view.doctorId,
    startsAt: view.startsAt.toISOString(),
  });
}

/** Until when a change's e-mail waits: the undo window plus a margin, so an undo in time always stops it. */
export function heldUntil() {
  return plus(clock.nowMs(), { seconds: UNDO_WINDOW_SECONDS + UNDO_MARGIN_SECONDS });
}
