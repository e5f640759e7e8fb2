import type { BookingForms } from '../scheduling';
import { paths } from '../../common/paths';
import type { CoreDeps } from './deps';
import { createConsentLinks } from './consents/links';
import { createQuestionnaireLinks } from './questionnaires/links';

/** Forms' side of a booking (`scheduling/appointments/booking-forms.ts`): consents and questionnaires it asks for. */
export function createBookingForms(deps: Pick<CoreDeps, 'config' | 'db' | 'repos'>): BookingForms {
  const { repos } = deps;
  const questionnaireLinks = createQuestionnaireLinks(repos.clinic, deps.db);
  const consentLinks = createConsentLinks(repos.clinic, deps.db);
  return {
    async prepare() {
      await questionnaireLinks.prepare();
      await consentLinks.ready();
    },
    async afterBooking(visit, tx) {
      if (visit.serviceId) {
        const versions = await repos.consentSigning.versionsForService(visit.serviceId, tx);
        await repos.consentSigning.createRequests(visit.id, visit.patientId, versions, tx);
      }
      const asked = await repos.questionnaireRequests.askFor(
        { id: visit.id, patientId: visit.patientId, serviceId: visit.serviceId, startsAt: visit.startsAt },
        tx,
      );
      return Promise.all(
        asked.map(async (request) => ({
          title: request.title,
          url: `${deps.config.publicUrl}${paths.questionnaireLink(await questionnaireLinks.tokenFor(request.id, visit.endsAt))}`,
        })),
      );
    },
    async consentLinks(visit, tx) {
      const requests = await repos.consentSigning.ofAppointment(visit.id, tx);
      return Promise.all(
        requests.map(async (request) => ({
          title: request.title,
          url: `${deps.config.publicUrl}${paths.consentSigning(
            await consentLinks.tokenFor({
              requestId: request.id,
              purpose: 'firma',
              via: 'enlace',
              expiresAt: visit.endsAt,
            }),
          )}`,
        })),
      );
    },
    unsignedConsents: (appointmentId) => repos.consentSigning.unsignedTitles(appointmentId),
  };
}
