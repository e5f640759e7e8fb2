import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { redsysFormOrigins } from '../billing/online-payments/redsys';
import { securityHeadersFor } from '../platform/http/security-headers';
import { AREAS } from './areas';

/**
 * The API documents itself (issue 22, item 7). Every route the app registers is collected by an
 * `onRoute` hook of its own, beside the document's; every `/api` route must be in the document with its
 * method, except the reference page's own files. The app is built with a client build (a small fake one)
 * so that the app's pages and files are registered too, and shown to stay out of the document.
 */
let t: TestApp;
let clientDir: string;
const registered: { method: string; url: string }[] = [];
let document: OpenAPIV3_1.Document;

/** The reference page and its files (`@fastify/swagger-ui`): not API operations, so not in the document. */
const REFERENCE_PAGE = /^\/api\/docs(\/|$)/;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-api-docs-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="es"><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js'), 'console.log(1);');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({
    config: { clientDir },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** `/api/patients/:id` → `/api/patients/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operations = () =>
  Object.entries(document.paths ?? {}).flatMap(([where, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ where, method, operation: item![method]! })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with its Spanish title, areas and the session scheme', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('API de Clínica');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.tags?.map((tag) => tag.name)).toEqual(AREAS.map((area) => area.name));
    expect(document.components?.securitySchemes?.sesion).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'clinica_session',
    });
  });

  it('lists every /api route the app registers, with its method (HEAD through its GET)', () => {
    const api = registered.filter((route) => route.url.startsWith('/api/') && !REFERENCE_PAGE.test(route.url));
    expect(api.length).toBeGreaterThan(100);
    const missing = api
      .filter(
        (route) =>
          !document.paths?.[openApiPath(route.url)]?.[
            (route.method === 'HEAD' ? 'GET' : route.method).toLowerCase() as 'get'
          ],
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, `routes missing from the document: ${missing.join(', ')}`).toEqual([]);
    // And the other way round: the document lists nothing the app does not answer.
    const known = new Set(api.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const invented = operations()
      .map(({ where, method }) => `${method.toUpperCase()} ${where}`)
      .filter((key) => !known.has(key));
    expect(invented).toEqual([]);
  });

  it('leaves out only the pages and files of the app and of the reference page', () => {
    const left = registered.filter((route) => !document.paths?.[openApiPath(route.url)]).map((route) => route.url);
    expect(left.length).toBeGreaterThan(0);
    const notApi = left.filter((url) => !url.startsWith('/api/') || REFERENCE_PAGE.test(url));
    expect(notApi).toEqual(left);
    expect(left).toContain('/favicon.svg');
    expect(left).toContain('/api/docs');
    expect(Object.keys(document.paths ?? {}).every((where) => where.startsWith('/api/'))).toBe(true);
  });

  it('gives each operation an area, a Spanish summary, its access and described responses', () => {
    const areas = new Set(AREAS.map((area) => area.name));
    const problems: string[] = [];
    for (const { where, method, operation } of operations()) {
      const name = `${method.toUpperCase()} ${where}`;
      if (operation.tags?.length !== 1 || !areas.has(operation.tags[0]!)) problems.push(`${name}: no area (areas.ts)`);
      if (!operation.summary) problems.push(`${name}: no summary (summaries.ts)`);
      if (!operation.description?.startsWith('**Acceso**')) problems.push(`${name}: no access`);
      const responses = Object.entries(operation.responses ?? {});
      if (!responses.some(([status]) => /^2\d\d$/.test(status))) problems.push(`${name}: no success answer`);
      for (const [status, answer] of responses) {
        const description = (answer as OpenAPIV3_1.ResponseObject).description;
        if (!description || /Default Response/.test(description)) problems.push(`${name} ${status}: undescribed`);
      }
      for (const parameter of where.match(/\{(\w+)\}/g) ?? []) {
        const declared = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
        if (!declared.some((p) => p.in === 'path' && p.name === parameter.slice(1, -1) && p.required)) {
          problems.push(`${name}: path parameter ${parameter} not declared`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('marks the session on the routes that need one, and only those', () => {
    const access = new Map(
      t.app.accessRoutes.map((route) => [`${route.method} ${openApiPath(route.url)}`, route.access]),
    );
    for (const { where, method, operation } of operations()) {
      const declared = access.get(`${method.toUpperCase()} ${where}`);
      expect(operation.security, `${method} ${where}`).toEqual(declared === 'public' ? undefined : [{ sesion: [] }]);
      expect(operation.responses?.['401'] !== undefined, `${method} ${where} 401`).toBe(declared !== 'public');
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const pointer = JSON.parse(`{${ref}}`).$ref as string;
      expect(pointer.startsWith('#/'), pointer).toBe(true);
      const target = pointer
        .slice(2)
        .split('/')
        .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], document);
      expect(target, pointer).toBeDefined();
    }
  });

  it('documents bodies, uploads and answers that are not JSON', () => {
    const propertiesOf = (body: OpenAPIV3_1.RequestBodyObject, type: string) =>
      Object.keys((body.content[type]?.schema as OpenAPIV3_1.SchemaObject | undefined)?.properties ?? {});
    const signIn = document.paths?.['/api/auth/sign-in']?.post;
    const body = signIn?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(propertiesOf(body, 'application/json')).toEqual(expect.arrayContaining(['email', 'password']));
    const upload = document.paths?.['/api/files']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(propertiesOf(upload, 'multipart/form-data')).toEqual(expect.arrayContaining(['file', 'type', 'patientId']));
    const pdf = document.paths?.['/api/prescriptions/{id}/pdf']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(pdf.content ?? {})).toEqual(['application/pdf']);
    const signOut = document.paths?.['/api/auth/sign-out']?.post?.responses as Record<
      string,
      OpenAPIV3_1.ResponseObject
    >;
    expect(Object.keys(signOut).filter((status) => status.startsWith('2'))).toEqual(['204']);
    expect(signOut['204']?.content).toBeUndefined();
  });
});

describe('the reference page', () => {
  it('is served under /api/docs with the app’s own Content-Security-Policy', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>API de Clínica — referencia</title>');
    // No inline script: the page runs under the policy every page of the app has.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // The app's policy: its forms may go to itself and to Redsys's payment page (decision 0116).
    expect(page.headers['content-security-policy']).toBe(
      securityHeadersFor({ publicUrl: 'http://localhost:3000' }, { formTargets: redsysFormOrigins() })[
        'content-security-policy'
      ],
    );
    const script = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("resolveUrl('./json')");
    const json = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });

  it('is not swallowed by the app’s history fallback, and a file it lacks is a JSON 404', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<div id="root">');
    const missing = await t.request({ method: 'GET', url: '/api/docs/static/no-existe.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No se ha encontrado lo que buscas.' } });
  });
});
