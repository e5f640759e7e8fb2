import type { Db } from '../../db/client';
import type { Repositories } from '../../repositories';
import type { PatientRow } from './repository';

/** "Ana María Pérez García" → first name "Ana María"? We cannot know: keep the first word as the name. */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const words = displayName.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
}

/**
 * The clinical record of a paciente account: the one already linked; else the record with the same
 * e-mail that has no account yet (booked by phone or as a visitor), now linked; else a new one made from
 * the profile. Never a duplicate.
 */
export async function ensurePatientRecord(
  repos: Pick<Repositories, 'patients'>,
  account: { id: string; email: string },
  profile: { displayName: string; phone: string | null },
  tx?: Db,
): Promise<PatientRow> {
  const linked = await repos.patients.findByAccount(account.id, tx);
  if (linked) return linked;
  const unlinked = await repos.patients.findUnlinkedByEmail(account.email, tx);
  if (unlinked) {
    await repos.patients.linkAccount(unlinked.id, account.id, tx);
    return (await repos.patients.findByAccount(account.id, tx))!;
  }
  const { firstName, lastName } = splitDisplayName(profile.displayName || account.email.split('@')[0]!);
  return repos.patients.create(
    { accountId: account.id, firstName, lastName, email: account.email, phone: profile.phone ?? '' },
    tx,
  );
}
