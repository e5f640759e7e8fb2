import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Config } from '../../platform';
import type { NewPasskey, PasskeyRow } from './repository';

/** Who the passkeys are for: the relying party's id (a domain) and the one origin they are used from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** From the configuration: `PUBLIC_URL` gives the origin and, unless `PASSKEY_RP_ID` names a parent domain, the id. */
export function relyingPartyOf(config: Pick<Config, 'publicUrl' | 'passkeyRpId'>, clinicName: string): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: config.passkeyRpId ?? url.hostname, origin: url.origin, name: clinicName };
}

const TIMEOUT_MS = 120_000;

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no e-mail or name in it). */
const userHandleOf = (accountId: string) => Uint8Array.from(Buffer.from(accountId.replace(/-/g, ''), 'hex'));
/** The same, as the browser sends it back with an assertion (base64url). */
export const userHandleText = (accountId: string) => Buffer.from(userHandleOf(accountId)).toString('base64url');

export function registrationOptions(
  rp: RelyingParty,
  account: { id: string; email: string; displayName: string },
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(account.id),
    userName: account.email,
    userDisplayName: account.displayName || account.email,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // Both the device's own (platform) and a security key or a phone (roaming): no attachment asked for.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
  });
}

/** The new passkey from the browser's answer, or null when it does not prove one for this challenge and origin. */
export async function verifyRegistration(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
): Promise<Omit<NewPasskey, 'accountId' | 'name'> | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor: having the authenticator is what counts; a PIN or a fingerprint is welcome, not required.
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

export function authenticationOptions(
  rp: RelyingParty,
  keys: PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
  });
}

/**
 * For a sign-in with a passkey alone: any of the site's passkeys the device holds (discoverable), and the
 * device must verify its user (PIN, fingerprint, face) — the passkey is then two factors in one.
 */
export function passwordlessOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, timeout: TIMEOUT_MS, userVerification: 'required' });
}

/**
 * The counter the authenticator reports now, or null when the assertion does not verify (signature,
 * challenge, origin, counter, and user verification when `requireUserVerification`).
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  key: PasskeyRow,
  response: unknown,
  requireUserVerification = false,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as never,
      },
      requireUserVerification,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
