/** A path segment: encoded, except a route parameter (`:id`) so servers can register the same builders. */
const seg = (value: string) => (value.startsWith(':') ? value : encodeURIComponent(value));

/**
 * The second factor's endpoints (issue 21). In a module of their own, not in `paths.ts`: the entry chunk
 * holds `paths.ts`, and an export the on-demand chunks import from it would be in every page's first load.
 */
export const secondFactorApi = {
  /** The sign-in's second step, proved by the pending sign-in's cookie. */
  totp: '/api/auth/second-factor/totp',
  recovery: '/api/auth/second-factor/recovery',
  passkeyOptions: '/api/auth/second-factor/passkey/options',
  passkey: '/api/auth/second-factor/passkey',
  /** Signing in with a passkey alone (the device verifies its user): no password, no second step. */
  passkeySignInOptions: '/api/auth/passkey-sign-in/options',
  passkeySignIn: '/api/auth/passkey-sign-in',
  /** Setting one up at sign-in when the clinic requires it. */
  setupTotp: '/api/auth/second-factor/setup/totp',
  setupTotpConfirm: '/api/auth/second-factor/setup/totp/confirm',
  setupPasskeyOptions: '/api/auth/second-factor/setup/passkey/options',
  setupPasskey: '/api/auth/second-factor/setup/passkey',
  /** The signed-in user's own «Segundo factor». */
  mine: '/api/profile/second-factor',
  myTotp: '/api/profile/second-factor/totp',
  myTotpConfirm: '/api/profile/second-factor/totp/confirm',
  myPasskeyOptions: '/api/profile/second-factor/passkeys/options',
  myPasskeys: '/api/profile/second-factor/passkeys',
  myPasskey: (id: string) => `/api/profile/second-factor/passkeys/${seg(id)}`,
  myRecoveryCodes: '/api/profile/second-factor/recovery-codes',
  /** «Confirma que eres tú» before a change of how one signs in (issue 33): the status, and a fresh proof. */
  stepUp: '/api/profile/step-up',
  stepUpPasskeyOptions: '/api/profile/step-up/passkey/options',
  /** An admin's view and reset of a user's second factor (a lost phone). */
  ofUser: (id: string) => `/api/users/${seg(id)}/second-factor`,
} as const;
