import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import type { ClinicRepository } from '../../platform';

/**
 * The link a visitor manages a booking with: `<appointment id>.<HMAC of the id>`. Nothing is stored,
 * so every e-mail (confirmation, reminder) can carry the same link; guessing one needs the server key.
 *
 * The booking's answer hands the same link to whoever typed the booking, so the page shows the visit's
 * questionnaire and consent links only with a second proof that only messages sent to the patient carry
 * (`?acceso=<proof>`, the HMAC of «formularios:<id>»: the reminder's short link; decision 0127), as the
 * booking's page never shows them to whoever typed the e-mail address (decision 0084).
 */
export function createManageLinks(clinic: ClinicRepository, db: Db) {
  let key: Buffer | undefined;
  // The key is made in a transaction of its own: it must commit whatever happens to the change that asked.
  const getKey = async () =>
    (key ??= Buffer.from(
      await transact(db, (tx) =>
        clinic.getOrCreateSecret('manage-link-key', () => randomBytes(32).toString('base64'), tx),
      ),
      'base64',
    ));
  const mac = (secret: Buffer, id: string) => createHmac('sha256', secret).update(`cita:${id}`).digest('base64url');
  const formsMac = (secret: Buffer, id: string) =>
    createHmac('sha256', secret).update(`formularios:${id}`).digest('base64url');

  return {
    async tokenFor(appointmentId: string): Promise<string> {
      return `${appointmentId}.${mac(await getKey(), appointmentId)}`;
    },
    /** The appointment id of a valid token, or null. */
    async verify(token: string): Promise<string | null> {
      const match = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(mac(await getKey(), match[1]!));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
    },
    /** The proof, carried only by messages sent to the patient, that opens the visit's form links on its page. */
    async formsProofFor(appointmentId: string): Promise<string> {
      return formsMac(await getKey(), appointmentId);
    },
    async verifyFormsProof(appointmentId: string, proof: string | undefined): Promise<boolean> {
      if (!proof || !/^[\w-]{43}$/.test(proof)) return false;
      const expected = Buffer.from(formsMac(await getKey(), appointmentId));
      const given = Buffer.from(proof);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type ManageLinks = ReturnType<typeof createManageLinks>;
