import type { VisitForms } from '../scheduling';
import { paths } from '../../common/paths';
import type { CoreDeps } from './deps';
import { createConsentLinks } from './consents/links';
import { createQuestionnaireLinks } from './questionnaires/links';

/** Forms' side of a visit's e-mails, status and booking page (`scheduling/appointments/visit-forms.ts`). */
export function createVisitForms(deps: Pick<CoreDeps, 'config' | 'db' | 'repos'>): VisitForms {
  const { repos } = deps;
  const consentLinks = createConsentLinks(repos.clinic, deps.db);
  const questionnaireLinks = createQuestionnaireLinks(repos.clinic, deps.db);
  const signingUrl = async (requestId: string, expiresAt: Date) =>
    `${deps.config.publicUrl}${paths.consentSigning(
      await consentLinks.tokenFor({ requestId, purpose: 'firma', via: 'enlace', expiresAt }),
    )}`;
  return {
    async prepare() {
      await consentLinks.ready();
    },
    async consentLinks(visit, tx) {
      const requests = await repos.consentSigning.ofAppointment(visit.id, tx);
      return Promise.all(
        requests.map(async (request) => ({ title: request.title, url: await signingUrl(request.id, visit.endsAt) })),
      );
    },
    unsignedConsents: (appointmentId) => repos.consentSigning.unsignedTitles(appointmentId),
    async pendingForms(visit) {
      const [questionnaires, consents] = await Promise.all([
        repos.questionnaireRequests.pendingOfAppointment(visit.id),
        repos.consentSigning.undecidedOfAppointment(visit.id),
      ]);
      return {
        questionnaires: await Promise.all(
          questionnaires.map(async (request) => ({
            title: request.title,
            url: `${deps.config.publicUrl}${paths.questionnaireLink(await questionnaireLinks.tokenFor(request.id, visit.endsAt))}`,
          })),
        ),
        consents: await Promise.all(
          consents.map(async (request) => ({ title: request.title, url: await signingUrl(request.id, visit.endsAt) })),
        ),
      };
    },
  };
}
