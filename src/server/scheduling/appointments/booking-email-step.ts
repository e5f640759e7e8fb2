import type { AfterBookingStep } from './after-booking';
import type { AppointmentDeps } from './appointment-deps';
import { enqueueEmail } from './appointment-mail';

/**
 * The patient is told of her booking (registered after forms' step, whose questionnaires it carries): the e-mail
 * (`received` for her own request, `confirmed` for the desk's) into the outbox in the booking's transaction — it
 * exists if and only if the booking commits, and the delivery job sends it after — or, without an e-mail, the
 * desk's call task, which the desk's answer names.
 */
export function bookingEmailStep(
  deps: Pick<AppointmentDeps, 'config' | 'links' | 'forms' | 'outbox' | 'deskNotices'>,
): AfterBookingStep {
  return {
    name: 'booking-email',
    async inTransaction(booking, tx) {
      const notice = await enqueueEmail(
        deps,
        tx,
        booking.email,
        booking.appointment,
        booking.settings,
        undefined,
        { actor: booking.by.actor },
        booking.questionnaires,
      );
      if (notice) booking.notices.push(notice);
    },
  };
}
