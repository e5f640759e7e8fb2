import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform';
import { fromEpochSeconds, transact } from '../../platform';
import type { ClinicRepository } from '../../platform';

/**
 * The link a patient answers a questionnaire with, from the booking's e-mail: `<request id>.<expiry>.<HMAC>`,
 * like the manage-booking link (`appointments/manage-link.ts`) but single-purpose — its own key and a purpose in
 * what is signed, so neither link opens the other's page — and with an expiry (seconds since the epoch: the end of
 * the appointment it was made for) inside what is signed. Nothing is stored.
 */
export function createQuestionnaireLinks(clinic: ClinicRepository, db: Db) {
  let key: Buffer | undefined;
  // Made in a transaction of its own (it must commit whatever happens to the booking that asked for it).
  const getKey = async () =>
    (key ??= Buffer.from(
      await transact(db, (tx) =>
        clinic.getOrCreateSecret('questionnaire-link-key', () => randomBytes(32).toString('base64'), tx),
      ),
      'base64',
    ));
  const mac = (secret: Buffer, id: string, expires: number) =>
    createHmac('sha256', secret).update(`cuestionario:${id}:${expires}`).digest('base64url');

  return {
    /** Creates the key if need be: called before the booking's transaction. */
    async prepare(): Promise<void> {
      await getKey();
    },
    async tokenFor(requestId: string, expiresAt: Date): Promise<string> {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${requestId}.${expires}.${mac(await getKey(), requestId, expires)}`;
    },
    /** The request id and expiry of an authentic token (expired or not), or null. */
    async verify(token: string): Promise<{ requestId: string; expiresAt: Date } | null> {
      const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expires = Number(match[2]);
      const expected = Buffer.from(mac(await getKey(), match[1]!, expires));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { requestId: match[1]!, expiresAt: fromEpochSeconds(expires) };
    },
  };
}

export type QuestionnaireLinks = ReturnType<typeof createQuestionnaireLinks>;
