/**
 * Why the last session of this tab ended, when the server said (`x-session-ended`): `idle` — the desk
 * locked itself. Kept in sessionStorage (this tab only) so that the landing page and the sign-in can say
 * it, and forgotten once the user signs in again.
 */
const KEY = 'clinica:sesion-cerrada';

export type SessionEnd = 'idle';

export function markSessionEnded(reason: SessionEnd) {
  try {
    window.sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage disabled: the sign-in page simply says nothing about why.
  }
}

export function sessionEndReason(): SessionEnd | null {
  try {
    return window.sessionStorage.getItem(KEY) === 'idle' ? 'idle' : null;
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
