import { api } from '../../../common/api-paths';
import {
  CONSENT_SECTIONS,
  consentStateInputSchema,
  consentTemplateSchema,
  consentTemplateSummarySchema,
  consentVersionInputSchema,
} from '../../../common/schemas/consents';
import { versionedDefinitionsRoutes } from '../definitions/admin-route-factory';
import { consentTemplates } from './use-cases';

/** «Consentimientos» (issue 24, item 1): the admin writes informed-consent templates and publishes their versions. */
export const consentsRoutes = versionedDefinitionsRoutes({
  paths: {
    list: api.consentTemplates,
    one: api.consentTemplate(':id'),
    versions: api.consentTemplateVersions(':id'),
    state: api.consentTemplateState(':id'),
  },
  access: 'manage:consent-templates',
  entity: 'consent_template',
  schemas: {
    summary: consentTemplateSummarySchema,
    detail: consentTemplateSchema,
    input: consentVersionInputSchema,
    state: consentStateInputSchema,
  },
  repository: consentTemplates,
  messages: {
    notFound: 'Plantilla de consentimiento no encontrada',
    archived: 'La plantilla está archivada: reactívala para publicar una versión nueva.',
    unchanged: (version) =>
      `No hay cambios respecto a la versión ${version}: cambia el texto, el título o los servicios.`,
  },
  archivedState: 'archivada',
  sameContent: (input, version) =>
    input.title === version.title && CONSENT_SECTIONS.every((key) => input[key] === version[key]),
});
