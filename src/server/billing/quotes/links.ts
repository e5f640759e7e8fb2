import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ClinicRepository, Db, Tx } from '../../platform';
import { transact } from '../../platform';

/**
 * The link to read, accept and download one quote, built like the consent's (`forms/consents/links.ts`): nothing
 * stored, an HMAC with a key of its own (`quote-link-key`) over the quote's id, so it can be made again for every
 * message. It carries no expiry of its own: the quote's validity is the rule, and an expired or decided quote is
 * read-only through it.
 */
export function createQuoteLinks(clinic: ClinicRepository, db: Db) {
  let key: Buffer | undefined;
  const secret = (tx: Tx) => clinic.getOrCreateSecret('quote-link-key', () => randomBytes(32).toString('base64'), tx);
  // Made in a transaction of its own, so it commits whatever happens to the change that asked; or, for the demo's
  // seed (one transaction for everything), in the caller's `tx`, not kept until that commits.
  const getKey = async (tx?: Tx) =>
    key ?? (tx ? Buffer.from(await secret(tx), 'base64') : (key = Buffer.from(await transact(db, secret), 'base64')));
  const mac = (secret: Buffer, id: string) =>
    createHmac('sha256', secret).update(`presupuesto:${id}`).digest('base64url');
  return {
    /** Makes the key now, before a transaction that will sign links. */
    async ready(): Promise<void> {
      await getKey();
    },
    async tokenFor(quoteId: string, tx?: Tx): Promise<string> {
      return `${quoteId}.${mac(await getKey(tx), quoteId)}`;
    },
    /** The quote's id of an authentic token, or null. */
    async verify(token: string): Promise<string | null> {
      const match = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(await getKey(), match[1]!));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
    },
  };
}

export type QuoteLinks = ReturnType<typeof createQuoteLinks>;
