import type { Db } from '../platform';
import type { ClinicalRepositories, ClinicalCoreDeps } from '../clinical';
import { createConsentsRepository } from './consents/repository';
import { createQuestionnairesRepository } from './questionnaires/repository';
import { createQuestionnaireRequestsRepository } from './questionnaires/requests-repository';
import { createConsentSigningRepository } from './consents/signing-repository';
import { createVisitSurveysRepository } from './surveys/repository';
import { createOpinionsRepository } from './opinions/repository';

/** The forms context's own repositories. */
export function createFormsRepositories(db: Db) {
  return {
    consents: createConsentsRepository(db),
    questionnaires: createQuestionnairesRepository(db),
    questionnaireRequests: createQuestionnaireRequestsRepository(db),
    consentSigning: createConsentSigningRepository(db),
    visitSurveys: createVisitSurveysRepository(db),
    opinions: createOpinionsRepository(db),
  };
}

/** The repositories forms code may use: its own and those of the contexts below it. */
export type Repositories = ClinicalRepositories & ReturnType<typeof createFormsRepositories>;

/** What forms's services are built from (`platform/deps.ts`), with `repos` narrowed to what it may use. */
export type CoreDeps<R extends Repositories = Repositories> = ClinicalCoreDeps<R>;
