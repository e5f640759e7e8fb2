import pg from 'pg';

/**
 * The database could not be reached: the connection was refused, timed out, or died under a request.
 * The API answers it with a 503 and `Retry-After` (platform/http/errors.ts), never a 500: it is not a defect,
 * and the pool heals by itself when the database is back.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Node's socket errors when the server is down, restarting, or the network between is broken. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for "this connection is gone or cannot be made": class 08 (connection
 * exception), admin/crash shutdown and "starting up" (57P01–57P03), too many connections (53300).
 */
const isConnectionSqlState = (code: string) =>
  code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/**
 * node-postgres reports a dead socket, a connect timeout or a queue timeout with plain messages and no
 * code; these are all of them in pg 8 / pg-pool 3.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/** True when this one error (not its causes) says the connection itself failed. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (error instanceof pg.DatabaseError) return isConnectionSqlState(code);
    if (SOCKET_CODES.has(code)) return true;
  }
  if (error instanceof pg.DatabaseError && (error.severity === 'FATAL' || error.severity === 'PANIC')) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}

/** True when the error, or one it wraps (Drizzle puts the driver's error in `cause`), is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isConnectionError(current)) return true;
    current = current.cause;
  }
  return false;
}
