import fs from 'node:fs';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { PERMISSIONS, type Access } from '../access/policy';
import { SESSION_COOKIE } from '../identity/auth/sessions';
import { ERROR_SCHEMA, errorAnswers, RAW_ANSWERS, STATUS_DESCRIPTIONS, UPLOADS } from './answers';
import { AREAS, areaOf } from './areas';
import { SUMMARIES } from './summaries';

/** The security scheme of every route that needs a session. */
export const SESSION_SCHEME = 'sesion';

const { version } = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const INTRODUCTION = [
  'La API con la que trabaja la aplicación de Clínica, generada de los esquemas con los que el servidor valida cada ruta: lo que dice este documento es lo que el servidor comprueba.',
  '',
  '- **Sesión**: `POST /api/auth/sign-in` devuelve la cookie `clinica_session` (HttpOnly); el resto de rutas la leen. Cada ruta dice qué permiso pide y a qué roles alcanza (todo, o solo lo suyo); sin sesión responde 401 y con otro rol 403.',
  '- **Origen**: toda solicitud que cambia datos (POST, PUT, PATCH, DELETE) debe llevar la cabecera `Origin` de la clínica (su `PUBLIC_URL`); si no, 403 `BAD_ORIGIN`. Los avisos de Twilio y WhatsApp (estados de entrega y mensajes de los pacientes) llegan sin `Origin` (los envía el proveedor) y se autentican solo por su firma.',
  '- **Errores**: siempre `{ "error": { "code", "message", "fields"? } }`, con `message` en español listo para mostrar.',
  '- **Fechas**: instantes en ISO 8601 (UTC); los días (`AAAA-MM-DD`) son los de la zona horaria de la clínica.',
  '- **Límites**: 600 solicitudes por minuto por cuenta y 300 por dirección sin sesión; algunas rutas públicas tienen un límite propio.',
  '',
  'Este documento y la página de referencia son públicos: describen la forma de la API, que ya viaja en el código de la aplicación; los datos los protege el servidor en cada solicitud.',
].join('\n');

/** `@fastify/swagger`'s options: registered before the routes, so it sees every one of them. */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'API de Clínica', version, description: INTRODUCTION },
      tags: AREAS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'La cookie de sesión que pone `POST /api/auth/sign-in`.',
          },
        },
        schemas: { Error: ERROR_SCHEMA as unknown as OpenAPIV3_1.SchemaObject },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument,
  };
}

/** Who may call a route, told in its description. */
export function accessText(access: Access | undefined): string {
  if (!access || access === 'public') return '**Acceso**: público, sin sesión.';
  const reach = Object.entries(PERMISSIONS[access]).map(
    ([role, grant]) => `${role} (${grant === 'any' ? 'todo' : 'solo lo suyo'})`,
  );
  return `**Acceso**: permiso \`${access}\` — ${reach.join(', ')}. Sin sesión, 401; con otro rol, 403.`;
}

type Transform = NonNullable<Extract<SwaggerOptions, { transform?: unknown }>['transform']>;

/**
 * One route's entry: its zod schemas as JSON Schema 2020-12 (the zod type provider's transform), then
 * its area, summary, access, security, the answers it gives without a schema, and its error answers.
 * Only `/api` routes are documented: the app's pages and files, and the reference page's own files
 * (which `@fastify/swagger-ui` marks `hide`), are not the API.
 */
const documentRoute: Transform = (input) => {
  const { url, route } = input;
  if (!url.startsWith('/api/') || input.schema?.hide) return { schema: { hide: true }, url };
  const zod = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema: FastifySchema = { ...zod.schema };
  const method = [route.method].flat()[0]!;
  const key = `${method} ${url}`;
  const access = (route.config as { access?: Access } | undefined)?.access;
  const upload = UPLOADS[key];

  schema.tags = [areaOf(url) ?? 'Sin área'];
  schema.summary ??= SUMMARIES[key];
  schema.description = [accessText(access), schema.description].filter(Boolean).join('\n\n');
  if (access && access !== 'public') schema.security = [{ [SESSION_SCHEME]: [] }];
  if (upload) {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      description: upload.description,
      properties: upload.properties,
      required: upload.required,
    };
  }
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(RAW_ANSWERS[key] ?? {})) {
    response[status] = answer.type
      ? { description: answer.description, content: { [answer.type]: { schema: rawSchema(answer.type) } } }
      : { type: 'null', description: answer.description };
  }
  const declared = route.schema ?? {};
  const errors = errorAnswers({
    method,
    url,
    hasInput: Boolean(declared.params || declared.querystring || declared.body),
    isPublic: !access || access === 'public',
    upload: Boolean(upload),
  });
  for (const [status, answer] of Object.entries(errors)) response[status] ??= answer;
  schema.response = response;
  return { schema, url };
};

const rawSchema = (type: string) =>
  type.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: type };

/** The registered schemas (none today) as components; Spanish for the statuses a route left undescribed. */
const finishDocument: NonNullable<Extract<SwaggerOptions, { transformObject?: unknown }>['transformObject']> = (
  input,
) => {
  const document = jsonSchemaTransformObject(
    input as Parameters<typeof jsonSchemaTransformObject>[0],
  ) as OpenAPIV3_1.Document;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      for (const [status, answer] of Object.entries(responses)) {
        const described = answer as OpenAPIV3_1.ResponseObject;
        if (described.description === 'Default Response')
          described.description = STATUS_DESCRIPTIONS[status] ?? 'Correcto.';
      }
    }
  }
  return document;
};
