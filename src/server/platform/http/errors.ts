import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../../../common/messages';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, TooManyRequestsError } from '../errors';

/** Seconds a client is told to wait when the database is unreachable: the pool reconnects by itself. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** What a 429 raised without its own wait says (every 429 carries `Retry-After`). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function errorBody(
  code: ErrorCode,
  message?: string,
  fields?: Record<string, string>,
  meta?: Record<string, string>,
): ApiErrorBody {
  return {
    error: { code, message: message ?? ERROR_CODES[code], ...(fields ? { fields } : {}), ...(meta ? { meta } : {}) },
  };
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE' },
  // @fastify/multipart's limits (parts, files, fields per upload).
  FST_PARTS_LIMIT: { status: 413, code: 'BODY_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'BODY_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'BODY_TOO_LARGE' },
};

/** What a broken upload is told (found by the fuzz tests: it was a 500). */
export const MALFORMED_UPLOAD_MESSAGE =
  'El archivo no ha llegado completo o el envío está mal formado. Vuelve a adjuntarlo.';

/**
 * The multipart parser (busboy) rejects a broken upload — a boundary that never comes, a body cut
 * short — with a plain `Error` and no status: these are its messages.
 */
const MULTIPART_PARSE_ERRORS = new Set([
  'Unexpected end of multipart data',
  'Unexpected end of form',
  'Multipart: Boundary not found',
  'Boundary required',
  'Malformed part header',
  'Missing Content-Type-header.',
  'Unsupported Content-Type.',
]);

/**
 * One error handler for the whole API: client-safe Spanish messages only. Validation errors name
 * each field; anything unexpected is logged (without parameters) and answered generically.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      else if (error.statusCode === 429) reply.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
      return reply
        .status(error.statusCode)
        .send({ ...error.extra, ...errorBody(error.code, error.message, error.fields, error.meta) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= issue.message ?? ERROR_CODES.VALIDATION;
      }
      // The first field's own message is specific enough to show as is ("Introduce un correo…").
      const message = Object.values(fields)[0] ?? ERROR_CODES.VALIDATION;
      return reply.status(400).send(errorBody('VALIDATION', message, fields));
    }
    if (!error.statusCode && MULTIPART_PARSE_ERRORS.has(error.message) && request.isMultipart()) {
      return reply.status(400).send(errorBody('VALIDATION', MALFORMED_UPLOAD_MESSAGE));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code));
    if (error.statusCode === 429) {
      // @fastify/rate-limit has set `Retry-After` (the window's seconds left) before throwing.
      if (!reply.hasHeader('retry-after')) reply.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(429).send(errorBody('RATE_LIMITED'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply.status(400).send(errorBody('VALIDATION'));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a defect: warn once per request, without the query (its message has the parameters).
      request.log.warn({ err: { name: error.name, code: databaseCodeOf(error) } }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE'));
    }
    // Never log `error.message` of a failed query raw: Drizzle puts the parameters in it.
    request.log.error(
      { err: { name: error.name, code: error.code, stack: error.stack?.split('\n').slice(1, 6).join('\n') } },
      'unexpected error',
    );
    return reply.status(500).send(errorBody('INTERNAL'));
  });
});

/** The driver's or server's code under Drizzle's wrapper (`ECONNREFUSED`, `57P01`…), for the log. */
function databaseCodeOf(error: Error): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
