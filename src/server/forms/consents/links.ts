import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConsentVia } from '../../../common/schemas/consent-signing';
import type { Db } from '../../platform';
import { fromEpochSeconds, transact } from '../../platform';
import type { ClinicRepository } from '../../platform';

export type LinkPurpose = 'firma' | 'revocacion';

export interface ConsentLinkClaims {
  requestId: string;
  purpose: LinkPurpose;
  via: ConsentVia;
  expiresAt: Date;
}

const PURPOSES: Record<string, LinkPurpose> = { f: 'firma', r: 'revocacion' };
const VIAS: Record<string, ConsentVia> = { e: 'enlace', a: 'area', m: 'mostrador' };
const code = (table: Record<string, string>, value: string) => Object.keys(table).find((key) => table[key] === value)!;

/**
 * The link to sign (or revoke) one consent request, built like the manage-booking link (`appointments/manage-link.ts`):
 * nothing stored, an HMAC with a key of its own (`consent-link-key`), so the link is good for that one request and
 * that one purpose and can be made again for every e-mail or QR code. Unlike the booking link it carries its expiry
 * inside the signed part: `<request id>.<purpose><via><expiry, base 36 seconds>.<HMAC>`. Whether it may still be
 * used once valid is the request's state (a decision is taken once: the second use answers 409).
 */
export function createConsentLinks(clinic: ClinicRepository, db: Db) {
  let key: Buffer | undefined;
  // The key is made in a transaction of its own: it must commit whatever happens to the change that asked.
  const getKey = async () =>
    (key ??= Buffer.from(
      await transact(db, (tx) =>
        clinic.getOrCreateSecret('consent-link-key', () => randomBytes(32).toString('base64'), tx),
      ),
      'base64',
    ));
  const mac = (secret: Buffer, payload: string) =>
    createHmac('sha256', secret).update(`consentimiento:${payload}`).digest('base64url');

  return {
    /** Makes the key now (before a transaction that will sign links: see `beforeEmail`). */
    async ready(): Promise<void> {
      await getKey();
    },
    async tokenFor(claims: ConsentLinkClaims): Promise<string> {
      const payload = `${claims.requestId}.${code(PURPOSES, claims.purpose)}${code(VIAS, claims.via)}${Math.floor(claims.expiresAt.getTime() / 1000).toString(36)}`;
      return `${payload}.${mac(await getKey(), payload)}`;
    },
    /** The claims of an authentic token (expired or not: the caller tells an expired link apart), or null. */
    async verify(token: string): Promise<ConsentLinkClaims | null> {
      const match = /^(([0-9a-f-]{36})\.([fr])([eam])([0-9a-z]{1,10}))\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(await getKey(), match[1]!));
      const given = Buffer.from(match[6]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return {
        requestId: match[2]!,
        purpose: PURPOSES[match[3]!]!,
        via: VIAS[match[4]!]!,
        expiresAt: fromEpochSeconds(parseInt(match[5]!, 36)),
      };
    },
  };
}

export type ConsentLinks = ReturnType<typeof createConsentLinks>;
