import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform';
import { transact } from '../../platform';
import type { ClinicRepository } from '../../platform';

/**
 * The link a visitor manages a booking with: `<appointment id>.<HMAC of the id>`. Nothing is stored,
 * so every e-mail (confirmation, reminder) can carry the same link; guessing one needs the server key.
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
  };
}

export type ManageLinks = ReturnType<typeof createManageLinks>;
