import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RoutePlugin } from '../route-plugin';
import { z } from 'zod';
import { api } from '../../common/api-paths';
import { registerWithAccess } from '../access/plugin';
import { REFERENCE_THEME_CSS } from './theme';

/** The top of the document; the rest (paths, components) passes as it is. */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('El documento OpenAPI 3.1.');

/**
 * The API describes itself: the OpenAPI 3.1 document at `/api/openapi.json`, and a reference page to
 * read it and try calls (Swagger UI, `/api/docs`). Both are public (docs/decisions/0068-the-api-description-is-public.md says why).
 * The page's scripts and styles are files of its own (no inline script), so the app's Content-Security-
 * Policy serves it unchanged.
 */
export const apiDocsRoutes: RoutePlugin = async (app) => {
  app.get(
    api.openApi,
    { config: { access: 'public' }, schema: { response: { 200: openApiDocumentSchema } } },
    async () => app.swagger() as z.infer<typeof openApiDocumentSchema>,
  );

  await registerWithAccess(app, 'public', fastifySwaggerUi, {
    routePrefix: api.apiDocs,
    theme: { title: 'API de Clínica — referencia', css: [{ filename: 'clinica.css', content: REFERENCE_THEME_CSS }] },
    // The page draws the areas as they scroll into view; `filter` finds one by name.
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      layout: 'BaseLayout',
      filter: true,
    },
  });
};
