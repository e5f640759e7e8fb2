import type { SecondFactorMethod, WebauthnOptions } from '../../../common/schemas/second-factor';
import { ApiError } from '../../lib/api-client';

// The WebAuthn helper is loaded on first use: the sign-in page's first load does not carry it.
const load = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (every current one can). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Asks the browser for a new passkey for `options` (the device's own, a phone's or a security key). */
export async function createPasskey(options: WebauthnOptions): Promise<unknown> {
  const { startRegistration } = await load();
  return startRegistration({ optionsJSON: options as never });
}

/** Asks the browser to sign `options`' challenge with one of the account's passkeys. */
export async function signWithPasskey(options: WebauthnOptions): Promise<unknown> {
  const { startAuthentication } = await load();
  return startAuthentication({ optionsJSON: options as never });
}

/** What went wrong with a passkey, in words a person can act on. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'No se ha usado ninguna llave: se canceló o pasó el tiempo. Inténtalo de nuevo cuando quieras.';
  }
  if (name === 'InvalidStateError') return 'Esta llave de acceso ya está añadida a tu cuenta.';
  return 'Este navegador no ha podido usar la llave de acceso. Prueba con otro método.';
}

/** A name for a new passkey from the device it is made on; the user may change it. */
export function suggestedPasskeyName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return 'Móvil Android';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Ordenador Windows';
  if (/Linux|CrOS/.test(userAgent)) return 'Ordenador Linux';
  return 'Mi llave de acceso';
}

const LAST_METHOD_KEY = 'clinica:segundo-factor';

/** The method this browser last signed in with, to offer it first next time. */
export const lastMethod = {
  get(): SecondFactorMethod | null {
    try {
      const value = window.localStorage.getItem(LAST_METHOD_KEY);
      return value === 'passkey' || value === 'totp' ? value : null;
    } catch {
      return null;
    }
  },
  set(method: SecondFactorMethod) {
    try {
      if (method !== 'recovery') window.localStorage.setItem(LAST_METHOD_KEY, method);
    } catch {
      // Private mode: nothing to remember.
    }
  },
};
