import type { VisitForms } from '../scheduling';
import { paths } from '../../common/paths';
import type { CoreDeps } from './deps';
import { createConsentLinks } from './consents/links';

/** Forms' side of a visit's e-mails and status (`scheduling/appointments/visit-forms.ts`): its consents. */
export function createVisitForms(deps: Pick<CoreDeps, 'config' | 'db' | 'repos'>): VisitForms {
  const { repos } = deps;
  const consentLinks = createConsentLinks(repos.clinic, deps.db);
  return {
    async prepare() {
      await consentLinks.ready();
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
