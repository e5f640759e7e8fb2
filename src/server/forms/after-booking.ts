import type { AfterBookingStep } from '../scheduling';
import { paths } from '../../common/paths';
import type { CoreDeps } from './deps';
import { createQuestionnaireLinks } from './questionnaires/links';

/**
 * Forms' after-booking step (registered in the composition root, before the patient's e-mail): in the booking's
 * transaction, the informed consents its service asks for and the questionnaires that apply to it (its service, a
 * first visit) are requested; the questionnaires, with their links, go to the booking for its confirmation e-mail.
 */
export function formsAfterBooking(deps: Pick<CoreDeps, 'config' | 'db' | 'repos'>): AfterBookingStep {
  const { repos } = deps;
  const questionnaireLinks = createQuestionnaireLinks(repos.clinic, deps.db);
  return {
    name: 'forms',
    // The link key, made in a transaction of its own: it must commit even when the booking rolls back.
    prepare: () => questionnaireLinks.prepare(),
    async inTransaction(booking, tx) {
      const visit = booking.appointment;
      if (visit.serviceId) {
        const versions = await repos.consentSigning.versionsForService(visit.serviceId, tx);
        await repos.consentSigning.createRequests(visit.id, visit.patientId, versions, tx);
      }
      const asked = await repos.questionnaireRequests.askFor(
        { id: visit.id, patientId: visit.patientId, serviceId: visit.serviceId ?? null, startsAt: visit.startsAt },
        tx,
      );
      for (const request of asked) {
        const token = await questionnaireLinks.tokenFor(request.id, visit.endsAt);
        booking.questionnaires.push({
          title: request.title,
          url: `${deps.config.publicUrl}${paths.questionnaireLink(token)}`,
        });
      }
    },
  };
}
