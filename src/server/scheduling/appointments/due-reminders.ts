import { appointmentNoticePrefix } from '../../communications';
import { clock, minus } from '../../platform';
import { enqueuePhoneReminder } from '../reminders/sms';
import type { AppointmentDeps } from './appointment-deps';
import { paths } from '../../../common/paths';
import { beforeEmail, enqueueEmail, mailInput } from './appointment-mail';
import { reminderEmail } from './emails';

/**
 * Writes the reminders that are due to the outbox (once each, whatever the number of instances): the
 * claim, the e-mails and the marks are one transaction with no network in it; the worker sends them.
 * None for an appointment booked or moved inside the lead time (its own e-mail was just sent).
 */
export async function enqueueDueReminders(deps: AppointmentDeps, now = clock.now()): Promise<number> {
  const { repos } = deps;
  const settings = await beforeEmail(deps);
  return repos.appointments.claimDueReminders(now, settings.reminderLeadHours, 50, async (view, tx) => {
    // A patient without e-mail whom the desk was already asked to call inside the lead time (the booking
    // or the change) needs no second call for the reminder.
    const since = minus(view.startsAt, { hours: settings.reminderLeadHours });
    if (!view.patientEmail && (await repos.tasks.hasNoticeSince(appointmentNoticePrefix(view.id), since, tx))) return;
    const input = await mailInput(deps, view, settings);
    const byPhone = await enqueuePhoneReminder(
      { config: deps.config, repos, channels: deps.channels },
      {
        subject: { ...view, appointmentId: view.id },
        settings,
        managePath: paths.manageBookingWithForms(
          await deps.links.tokenFor(view.id),
          await deps.links.formsProofFor(view.id),
        ),
        email: input ? reminderEmail(input) : null,
      },
      tx,
    );
    if (!byPhone) await enqueueEmail(deps, tx, 'reminder', view, settings);
  });
}
