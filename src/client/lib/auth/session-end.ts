import { SESSION_END_REASONS, type SessionEndReason } from '../../../common/idle';

/**
 * Why the last session of this tab ended, when the server said (`x-session-ended`): `idle` — the desk
 * locked itself; `second-factor` — the clinic now requires a second factor this account has not set up (the
 * sign-in page opens its set-up step). Kept in sessionStorage (this tab only) so that the landing page and the
 * sign-in can act on it, and forgotten once the user signs in again.
 */
const KEY = 'clinica:sesion-cerrada';

export type SessionEnd = SessionEndReason;

/** The reason a header (or the storage) names, if it is one. */
export const asSessionEnd = (value: string | null): SessionEnd | null =>
  SESSION_END_REASONS.find((reason) => reason === value) ?? null;

export function markSessionEnded(reason: SessionEnd) {
  try {
    window.sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage disabled: the sign-in page simply says nothing about why.
  }
}

export function sessionEndReason(): SessionEnd | null {
  try {
    return asSessionEnd(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function forgetSessionEnd() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** «Tu sesión se cerró por inactividad»: what the landing page and the sign-in say after an idle lock. */
export const IDLE_END_TITLE = 'Tu sesión se cerró por inactividad';
export const IDLE_END_TEXT =
  'Por seguridad, la sesión se cierra tras un rato sin usar la aplicación. Entra de nuevo y volverás a la página en la que estabas.';
