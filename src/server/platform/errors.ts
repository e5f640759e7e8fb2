import { ERROR_CODES, type ErrorCode } from '../../common/messages';

/**
 * An error whose message is meant for the client: Spanish, specific, safe to show.
 * Anything else thrown in a handler is logged and answered with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly meta?: Record<string, string>,
    /** Extra top-level members of the error answer (e.g. fresh slots after a lost race). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CODES[code]);
  }
}

/**
 * A refusal for going too fast (429) that says when to try again: the errors plugin sends
 * `Retry-After` with these seconds.
 */
export class TooManyRequestsError extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(429, code, message);
  }
}

export const notFound = (message?: string) => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError(403, 'FORBIDDEN', message);
export const validationError = (fields: Record<string, string>, message?: string) =>
  new AppError(400, 'VALIDATION', message ?? Object.values(fields)[0] ?? ERROR_CODES.VALIDATION, fields);

/** The PostgreSQL error code of a driver error, through Drizzle's wrapping (`.cause.code`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint name of a driver error, through Drizzle's wrapping. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The honeypot of the public forms: a person never sees the `website` field, so a value means a bot. */
export function refuseHoneypot(website: string | undefined | null): void {
  if (website) throw new AppError(400, 'VALIDATION', 'No se pudo procesar la solicitud. Inténtalo de nuevo.');
}
