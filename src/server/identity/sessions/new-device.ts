import { profileOf } from '../../../common/paths';
import { newSignInEmail } from './emails';
import { describeDevice, deviceFingerprint } from './device';
import type { Tx } from '../../platform';
import type { CoreDeps } from '../deps';

/**
 * A sign-in (a session started) from a device the account had not used sends «Nuevo inicio de sesión»
 * through the outbox, in the transaction that starts the session. A device is its browser, system, kind
 * and network (`device.ts`); it is known when the account signed in from it in the last 180 days. The
 * account's first recorded sign-in sends nothing (sign-up, or the first sign-in since this was built):
 * there is nothing to compare it with.
 */
export async function noticeSignInDevice(
  deps: Pick<CoreDeps, 'config' | 'repos' | 'outbox'>,
  input: { accountId: string; userAgent: string | undefined; ip: string; at: Date },
  tx: Tx,
): Promise<'first' | 'known' | 'new'> {
  const seen = await deps.repos.sessions.recordDevice(
    input.accountId,
    deviceFingerprint(input.userAgent, input.ip),
    input.at,
    tx,
  );
  if (seen !== 'new') return seen;
  const account = await deps.repos.auth.findAccountById(input.accountId, tx);
  const profile = await deps.repos.auth.findProfile(input.accountId, tx);
  if (!account || !profile) return seen;
  const settings = await deps.repos.clinic.getSettings(tx);
  await deps.outbox.enqueue(
    newSignInEmail({
      to: account.email,
      displayName: profile.displayName,
      clinicName: settings.name,
      timeZone: settings.timeZone,
      ...describeDevice(input.userAgent, input.ip),
      at: input.at,
      profileLink: `${deps.config.publicUrl}${profileOf[profile.role]}`,
    }),
    { tx, kind: 'new-sign-in' },
  );
  return seen;
}
