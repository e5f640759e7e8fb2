import { paths } from '../../../common/paths';
import { RECORD_LINK_VALID_HOURS } from '../../../common/schemas/record-link';
import { clock, plus } from '../../platform';
import { AppError, pgErrorCode } from '../../platform';
import { recordLinkEmail } from './record-link-emails';
import type { Repositories } from '../deps';
import { newSecretToken } from '../auth/tokens';
import type { PatientRow } from './repository';
import { transact } from '../../platform';
import type { CoreDeps } from '../deps';

/** "Ana María Pérez García" → first name "Ana María"? We cannot know: keep the first word as the name. */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const words = displayName.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
}

interface PacienteAccount {
  id: string;
  email: string;
  displayName: string;
}

/** What a paciente who has not proved their e-mail reads when trying to book. */
export const PENDING_BOOKING_MESSAGE =
  'Antes de pedir cita, confirma tu correo con el enlace que te hemos enviado: así usaremos la ficha que ya tienes en la clínica.';

export type OwnRecord = { status: 'linked'; record: PatientRow } | { status: 'pending' };

/** The record linked to an account, if any: never creates nor links one. */
export function findLinkedRecord(repos: Pick<Repositories, 'patients'>, accountId: string) {
  return repos.patients.findByAccount(accountId);
}

/**
 * Writes «Confirma tu correo para ver tu ficha» with a new single-use link (24 h) to the outbox: the token
 * and its e-mail exist together or not at all, and the worker delivers it. The one place that sends it.
 */
export async function sendRecordLinkEmail(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>,
  account: PacienteAccount,
): Promise<void> {
  const { token, id } = newSecretToken();
  const settings = await deps.repos.clinic.getSettings();
  const link = `${deps.config.publicUrl}${paths.auth.confirmEmail}?token=${encodeURIComponent(token)}`;
  await transact(deps.db, async (tx) => {
    await deps.repos.recordLinks.createToken(
      {
        id,
        accountId: account.id,
        email: account.email.toLowerCase(),
        expiresAt: plus(clock.now(), { hours: RECORD_LINK_VALID_HOURS }),
      },
      tx,
    );
    await deps.outbox.enqueue(
      recordLinkEmail({
        to: account.email,
        displayName: account.displayName,
        clinicName: settings.name,
        link,
        validHours: RECORD_LINK_VALID_HOURS,
      }),
      { tx, kind: 'record-link' },
    );
  });
}

/**
 * The clinical record of a paciente account (SPEC §5: nothing of a record reaches an account before its
 * holder proves the e-mail):
 * - the record already linked;
 * - else, if a record with the account's e-mail has no account yet: linked when the account's e-mail is
 *   proved, otherwise `pending` (and the confirmation link is e-mailed if none is still valid);
 * - else a new record made from the profile. Never a duplicate.
 */
export async function resolveOwnRecord(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>,
  account: PacienteAccount,
  profile: { phone: string | null },
): Promise<OwnRecord> {
  const { repos } = deps;
  const linked = await repos.patients.findByAccount(account.id);
  if (linked) return { status: 'linked', record: linked };
  const name = splitDisplayName(account.displayName || account.email.split('@')[0]!);
  const match = await repos.patients.findUnlinkedByEmail(account.email, name);
  if (match) {
    const row = await repos.auth.findAccountById(account.id);
    if (!row?.emailVerifiedAt || row.email.toLowerCase() !== account.email.toLowerCase()) {
      await sendLinkIfNoneValid(deps, account);
      return { status: 'pending' };
    }
    await transact(deps.db, (tx) => repos.patients.linkAccount(match.id, account.id, tx)).catch(ignoreUniqueViolation);
  } else {
    await transact(deps.db, (tx) =>
      repos.patients.create(
        { accountId: account.id, createdBy: account.id, ...name, email: account.email, phone: profile.phone ?? '' },
        tx,
      ),
    ).catch(ignoreUniqueViolation);
  }
  // A concurrent request may have linked or made it first: the unique account index keeps it to one.
  const record = await repos.patients.findByAccount(account.id);
  if (!record) throw new AppError(409, 'CONFLICT');
  return { status: 'linked', record };
}

/** The record of a signed-in paciente, or 409 with the «confirma tu correo» message while pending. */
export async function requireOwnRecord(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>,
  account: PacienteAccount,
  profile?: { phone: string | null },
  pendingMessage?: string,
): Promise<PatientRow> {
  const phone = profile ? profile.phone : ((await deps.repos.auth.findProfile(account.id))?.phone ?? null);
  const own = await resolveOwnRecord(deps, account, { phone });
  if (own.status === 'pending') throw new AppError(409, 'RECORD_NOT_CONFIRMED', pendingMessage);
  return own.record;
}

async function sendLinkIfNoneValid(
  deps: Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>,
  account: PacienteAccount,
) {
  const latest = await deps.repos.recordLinks.latestToken(account.id);
  if (latest && !latest.usedAt && latest.expiresAt.getTime() > clock.nowMs()) return;
  try {
    await sendRecordLinkEmail(deps, account);
  } catch (error) {
    // The area offers «Reenviar enlace»: a failure here must not break signing up or in.
    deps.log.warn({ code: pgErrorCode(error) ?? (error as Error).name }, 'record link e-mail not recorded');
  }
}

function ignoreUniqueViolation(error: unknown) {
  if (pgErrorCode(error) !== '23505') throw error;
}
