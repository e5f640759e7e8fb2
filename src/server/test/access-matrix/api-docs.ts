import { everyone, type MatrixEntry } from './helpers';

/**
 * The API's own description, public (docs/decisions/0068-the-api-description-is-public.md): the OpenAPI document, and the reference page
 * with its files (`@fastify/swagger-ui`, given its access by `registerWithAccess`). None carries data.
 */
export const API_DOCS_ROWS: Record<string, MatrixEntry> = {
  'GET /api/openapi.json': { expect: everyone(200), shows: () => ['"title":"API de Clínica"'] },
  'GET /api/docs': { expect: everyone(200), shows: () => ['<title>API de Clínica — referencia</title>'] },
  'GET /api/docs/json': { expect: everyone(200), shows: () => ['"title":"API de Clínica"'] },
  'GET /api/docs/yaml': { expect: everyone(200), shows: () => ['title: API de Clínica'] },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone(200), shows: () => ["resolveUrl('./json')"] },
  'GET /api/docs/static/theme/clinica.css': { expect: everyone(200), shows: () => ['.swagger-ui'] },
  'GET /api/docs/static/index.html': { label: 'sends to the page itself', expect: everyone(302) },
  'GET /api/docs/static/*': {
    cases: [
      { label: 'a file of the page', expect: everyone(200), params: () => ({ '*': 'swagger-ui.css' }) },
      { label: 'nothing outside its folder', expect: everyone(404), params: () => ({ '*': '../../package.json' }) },
    ],
  },
};
