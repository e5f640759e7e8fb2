import type { FastifyInstance } from 'fastify';
import { paths } from '../../../common/paths';
import { ROLE_LABELS, type Role } from '../../../common/roles';
import { invitationEmail } from '../../mail/auth-emails';
import { newSecretToken } from './tokens';
import { clock } from '../../clock';

const INVITATION_DAYS = 7;

/** Sends a staff member the link to choose their password (single use, 7 days). */
export async function sendInvitation(
  app: FastifyInstance,
  account: { id: string; email: string; displayName: string },
  role: Role,
): Promise<void> {
  const { token, id } = newSecretToken();
  await app.repos.auth.createPasswordToken({
    id,
    accountId: account.id,
    purpose: 'invitation',
    expiresAt: new Date(clock.nowMs() + INVITATION_DAYS * 86_400_000),
  });
  const settings = await app.repos.clinic.getSettings();
  const link = `${app.config.publicUrl}${paths.auth.newPassword}?token=${encodeURIComponent(token)}`;
  await app.mailer.send(
    invitationEmail({
      to: account.email,
      displayName: account.displayName,
      clinicName: settings.name,
      roleLabel: ROLE_LABELS[role].toLowerCase(),
      link,
      validDays: INVITATION_DAYS,
    }),
  );
}
