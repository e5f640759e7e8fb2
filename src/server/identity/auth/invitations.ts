import { paths } from '../../../common/paths';
import { ROLE_LABELS, type Role } from '../../../common/roles';
import { invitationEmail } from './emails';
import { newSecretToken } from './tokens';
import { clock, plus } from '../../platform';
import { transact, type Tx } from '../../platform';
import type { CoreDeps } from '../deps';

const INVITATION_DAYS = 7;

/**
 * Invites a staff member to choose their password (single-use link, 7 days): the token and the e-mail
 * are written together, in `tx` when given (the transaction that creates the account), and the outbox
 * delivers the e-mail.
 */
export async function sendInvitation(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox'>,
  account: { id: string; email: string; displayName: string },
  role: Role,
  tx?: Tx,
): Promise<void> {
  const { token, id } = newSecretToken();
  const settings = await deps.repos.clinic.getSettings(tx);
  const link = `${deps.config.publicUrl}${paths.auth.newPassword}?token=${encodeURIComponent(token)}`;
  const write = async (tx: Tx) => {
    await deps.repos.auth.createPasswordToken(
      {
        id,
        accountId: account.id,
        purpose: 'invitation',
        expiresAt: plus(clock.now(), { days: INVITATION_DAYS }),
      },
      tx,
    );
    await deps.outbox.enqueue(
      invitationEmail({
        to: account.email,
        displayName: account.displayName,
        clinicName: settings.name,
        roleLabel: ROLE_LABELS[role].toLowerCase(),
        link,
        validDays: INVITATION_DAYS,
      }),
      { tx, kind: 'invitation' },
    );
  };
  await (tx ? write(tx) : transact(deps.db, write));
}
