import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS } as const;
/** Steps of clock drift accepted either way (a phone a little fast or slow). */
export const TOTP_DRIFT_STEPS = 1;

/** A new random secret (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` link of the QR code: the issuer (the clinic) and the account it is for. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({ ...PARAMETERS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();
}

/** The code of the step at `timestampMs` (tests, and the browser suite's helper compute the same). */
export function totpCode(secret: string, timestampMs: number): string {
  return TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secret), timestamp: timestampMs });
}

/** The number of the step at `timestampMs`. */
export function totpStep(timestampMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timestampMs });
}

/** The step (now, or one either side) whose code `code` is, or null when it is none of them. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const delta = TOTP.validate({
    ...PARAMETERS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: nowMs,
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(nowMs) + delta;
}
