import { secondFactorApi } from '../../../common/second-factor-paths';
import type { SecondFactorDone, WebauthnOptions } from '../../../common/schemas/second-factor';
import { apiFetch } from '../../lib/api-client';
import { lastMethod, passkeyErrorMessage, passkeysSupported, signWithPasskey } from './passkey-browser';

/**
 * «Usar una llave de acceso»: the server's challenge, the device's passkey (its PIN, fingerprint or face),
 * the session. Loaded by the sign-in page on the button's press only. Answers the session or the
 * Spanish reason it could not.
 */
export async function signInWithPasskeyAlone(): Promise<{ done: SecondFactorDone } | { error: string }> {
  if (!passkeysSupported())
    return { error: 'Este navegador no admite llaves de acceso. Entra con tu correo y tu contraseña.' };
  try {
    const options = await apiFetch<WebauthnOptions>(secondFactorApi.passkeySignInOptions, { method: 'POST' });
    const response = await signWithPasskey(options);
    const done = await apiFetch<SecondFactorDone>(secondFactorApi.passkeySignIn, {
      method: 'POST',
      body: { response },
    });
    lastMethod.set('passkey');
    return { done };
  } catch (error) {
    return { error: passkeyErrorMessage(error) };
  }
}
