import type { ApiErrorBody } from '../../common/messages';
import { SESSION_ENDED_HEADER } from '../../common/idle';
import { asSessionEnd, markSessionEnded } from './auth/session-end';
import { askForStepUp, STEP_UP_REQUIRED } from './step-up';

/** An API error carrying the server's Spanish message, ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly meta?: Record<string, string>,
    /** The whole parsed answer, for errors that carry more than the message (e.g. fresh slots on `SLOT_TAKEN`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNEXPECTED_ERROR_MESSAGE = 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.';

export const NETWORK_ERROR_MESSAGE = 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';

/** Fired when any request finds the session gone, so the auth state can follow. */
export const SESSION_LOST_EVENT = 'clinica:session-lost';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable data, or a FormData for file uploads. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendRequest<T>(path, options);
  } catch (error) {
    // A change of how one signs in, without a recent proof: «Confirma que eres tú», then the same request again.
    if (error instanceof ApiError && error.code === STEP_UP_REQUIRED && (await askForStepUp())) {
      return sendRequest<T>(path, options);
    }
    throw error;
  }
}

async function sendRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined || isForm
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  // The server ended the session with this very request (inactivity; a second factor now required): the
  // screens follow, and say why or go to the set-up step.
  const ended = asSessionEnd(response.headers.get(SESSION_ENDED_HEADER));
  if (ended && typeof window !== 'undefined') {
    markSessionEnded(ended);
    window.dispatchEvent(new Event(SESSION_LOST_EVENT));
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as ApiErrorBody | undefined)?.error;
    if (response.status === 401 && typeof window !== 'undefined') {
      window.dispatchEvent(new Event(SESSION_LOST_EVENT));
    }
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? UNEXPECTED_ERROR_MESSAGE,
      error?.fields,
      error?.meta,
      payload,
    );
  }
  return payload as T;
}

/** Builds `?a=1&b=2` from the defined values of `params`. */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The Spanish message of any failed request (in this module, not with the form alerts: screens that only load data need no form code). */
export const errorMessageOf = (error: unknown): string =>
  error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
