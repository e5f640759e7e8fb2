import { questionnaireApi } from '../../../common/api-paths';
import {
  questionnaireSchema,
  questionnaireStateInputSchema,
  questionnaireSummarySchema,
  questionnaireVersionInputSchema,
} from '../../../common/schemas/questionnaires';
import { versionedDefinitionsRoutes } from '../definitions/admin-route-factory';
import { questionnaireTemplates } from './use-cases';

/** JSON with the keys of every object sorted: PostgreSQL's jsonb does not keep the order they were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** «Cuestionarios» (issue 24, item 2): the admin builds anamnesis questionnaires and publishes their versions. */
export const questionnairesRoutes = versionedDefinitionsRoutes({
  paths: {
    list: questionnaireApi.definitions,
    one: questionnaireApi.definition(':id'),
    versions: questionnaireApi.versions(':id'),
    state: questionnaireApi.state(':id'),
  },
  access: 'manage:questionnaire-templates',
  entity: 'questionnaire',
  schemas: {
    summary: questionnaireSummarySchema,
    detail: questionnaireSchema,
    input: questionnaireVersionInputSchema,
    state: questionnaireStateInputSchema,
  },
  repository: questionnaireTemplates,
  messages: {
    notFound: 'Cuestionario no encontrado',
    archived: 'El cuestionario está archivado: reactívalo para publicar una versión nueva.',
    unchanged: (version) =>
      `No hay cambios respecto a la versión ${version}: cambia las preguntas, el título o a qué se aplica.`,
  },
  archivedState: 'archivado',
  sameContent: (input, version) =>
    input.title === version.title &&
    input.intro === version.intro &&
    input.firstVisit === version.firstVisit &&
    canonical(input.sections) === canonical(version.sections),
  creationDetails: (input) => ({ firstVisit: input.firstVisit }),
});
