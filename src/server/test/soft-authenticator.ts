import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests (ES256, attestation «none»): it answers the WebAuthn options the
 * server makes as a browser with a passkey would, so that registration and sign-in are tested end to end
 * through the server's own verification. `origin` is where the "browser" says it is.
 */
export function softAuthenticator(options: { origin: string }) {
  const credentials = new Map<
    string,
    { privateKey: KeyObject; publicKey: KeyObject; counter: number; userHandle: string }
  >();
  const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(Uint8Array.from(bytes));
  const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
  const counterBytes = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  const clientData = (type: string, challenge: string, origin = options.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,

    /** Makes a new credential for `navigator.credentials.create(options)`; `reuse` answers with an existing one. */
    register(
      creation: { challenge: string; rp: { id?: string }; user: { id: string } },
      extra: { reuse?: string; origin?: string } = {},
    ) {
      const id = extra.reuse ?? b64(randomBytes(16));
      const existing = extra.reuse ? credentials.get(extra.reuse) : undefined;
      const { privateKey, publicKey } = existing ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
      credentials.set(id, { privateKey, publicKey, counter: existing?.counter ?? 0, userHandle: creation.user.id });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Uint8Array.from(Buffer.from(jwk.x!, 'base64url'))],
          [-3, Uint8Array.from(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      );
      const rawId = Buffer.from(id, 'base64url');
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(creation.rp.id!),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(0),
        Buffer.alloc(16), // AAGUID
        idLength,
        rawId,
        Buffer.from(coseKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', Uint8Array.from(authData)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', creation.challenge, extra.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },

    /** Signs `navigator.credentials.get(options)` with `credentialId`; `counter` overrides the next count (a clone). */
    assert(
      request: { challenge: string; rpId?: string },
      credentialId: string,
      extra: { counter?: number; origin?: string; userVerified?: boolean; userHandle?: string } = {},
    ) {
      const credential = credentials.get(credentialId);
      if (!credential) throw new Error('unknown credential');
      credential.counter = extra.counter ?? credential.counter + 1;
      const flags = extra.userVerified === false ? 0x01 : 0x05; // user present, and verified unless told not
      const authData = Buffer.concat([sha256(request.rpId!), Buffer.from([flags]), counterBytes(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', request.challenge, extra.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: extra.userHandle ?? credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
