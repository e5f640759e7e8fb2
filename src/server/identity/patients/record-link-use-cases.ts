import { holdsOwnRecord } from '../../access';
import { AppError, audited, clock, notFound, pgErrorCode, transact, writeAuditEntry } from '../../platform';
import type { AuditContext } from '../../platform';
import type { CoreDeps } from '../deps';
import { resolveOwnRecord, splitDisplayName } from './link-account';

type Deps = Pick<CoreDeps, 'config' | 'db' | 'repos' | 'outbox' | 'log'>;
type Repos = Pick<CoreDeps, 'repos'>;
type Account = { id: string; email: string; displayName: string };

const PATIENT_NOT_FOUND = 'Paciente no encontrado';

/** The paciente's own record, linked or pending, with her profile's phone for a record made now. */
export async function ownRecordOf(deps: Deps, account: Account) {
  const profile = await deps.repos.auth.findProfile(account.id);
  return resolveOwnRecord(deps, account, { phone: profile?.phone ?? null });
}

/** When the latest confirmation link was sent to the account, while its record is pending. */
export const latestRecordLinkToken = (deps: Repos, accountId: string) => deps.repos.recordLinks.latestToken(accountId);

/** When the account's confirmation links were sent since `since`, for the resend's limits. */
export const recordLinkTimesSince = (deps: Repos, accountId: string, since: Date) =>
  deps.repos.recordLinks.tokenTimesSince(accountId, since);

/** Whether a confirmation link's token could still be used (by the account that asked for it). */
export const recordLinkUsable = (deps: Repos, tokenId: string) => deps.repos.recordLinks.isUsable(tokenId);

/**
 * Uses a confirmation link in the browser of the account that asked for it: its address is proved, and the
 * clinic's record with it is linked (audited as the paciente's). Undefined when the link is not good here.
 */
export const confirmRecordLinkEmail = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  tokenId: string,
  signedInId: string,
  ip: string,
) =>
  transact(deps.db, async (tx) => {
    const { repos } = deps;
    const token = await repos.recordLinks.consumeToken(tokenId, signedInId, tx);
    if (!token) return undefined;
    const account = await repos.auth.findAccountById(token.accountId, tx);
    // A link proves only the address it was sent to.
    if (!account || !account.active || account.email.toLowerCase() !== token.email) return undefined;
    await repos.recordLinks.setEmailVerified(account.id, clock.now(), tx);
    await repos.recordLinks.spendTokensOf(account.id, tx);
    if (await repos.patients.findByAccount(account.id, tx)) return { linked: true };
    const match = await repos.patients.findUnlinkedByEmail(account.email, splitDisplayName(account.displayName), tx);
    if (!match) return { linked: false };
    const linked = await repos.patients.linkAccount(match.id, account.id, tx);
    if (linked) {
      await writeAuditEntry(tx, {
        actor: { id: account.id, role: 'paciente' },
        action: 'update',
        entity: 'patient',
        entityId: match.id,
        patientId: match.id,
        ip,
        details: { linkedAccount: account.id, by: 'email-confirmation' },
      });
    }
    return { linked };
  });

/** The record, or 404. */
async function requirePatient(deps: Repos, id: string) {
  const patient = await deps.repos.patients.findById(id);
  if (!patient) throw notFound(PATIENT_NOT_FOUND);
  return patient;
}

/** The account linked to a record (none when unlinked), or 404 for a record that does not exist. */
export async function accountOfPatient(deps: Repos, patientId: string) {
  const patient = await requirePatient(deps, patientId);
  return patient.accountId ? deps.repos.auth.findAccountById(patient.accountId) : undefined;
}

/**
 * Staff link a record to the paciente account with this e-mail, audited: the record must be unlinked, and
 * the account a paciente's with no other record. Answers the record as it is now.
 */
export async function linkPatientAccount(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  patientId: string,
  email: string,
  context: AuditContext,
) {
  const { repos } = deps;
  const patient = await requirePatient(deps, patientId);
  if (patient.accountId) {
    throw new AppError(409, 'CONFLICT', 'Esta ficha ya está enlazada a una cuenta. Desenlázala antes de enlazar otra.');
  }
  const account = await repos.auth.findAccountByEmail(email);
  const profile = account ? await repos.auth.findProfile(account.id) : undefined;
  if (!account || !profile) {
    throw new AppError(404, 'NOT_FOUND', 'No hay ninguna cuenta con ese correo.', {
      email: 'No hay ninguna cuenta con ese correo',
    });
  }
  if (!holdsOwnRecord(profile.role)) {
    throw new AppError(409, 'CONFLICT', 'Esa cuenta no es de un paciente.', {
      email: 'Esa cuenta no es de un paciente',
    });
  }
  const other = await repos.patients.findByAccount(account.id);
  if (other) {
    const name = `${other.firstName} ${other.lastName}`.trim();
    throw new AppError(
      409,
      'CONFLICT',
      `Esa cuenta ya tiene otra ficha enlazada: ${name}.`,
      { email: `Esa cuenta ya tiene otra ficha enlazada: ${name}` },
      { existingId: other.id, existingName: name },
    );
  }
  await audited(
    deps.db,
    async (tx) => {
      if (!(await repos.patients.linkAccount(patient.id, account.id, tx))) throw new AppError(409, 'CONFLICT');
      return true;
    },
    {
      ...context,
      action: 'update',
      entity: 'patient',
      entityId: patient.id,
      patientId: patient.id,
      details: { linkedAccount: account.id, by: 'staff' },
    },
  ).catch((error: unknown) => {
    if (pgErrorCode(error) === '23505') throw new AppError(409, 'CONFLICT');
    throw error;
  });
  return (await repos.patients.findById(patient.id))!;
}

/**
 * Staff unlink a record from its account, audited; the account has to prove the address again before a
 * record with it reaches it. Answers the record as it is now.
 */
export async function unlinkPatientAccount(
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  patientId: string,
  context: AuditContext,
) {
  const { repos } = deps;
  const patient = await requirePatient(deps, patientId);
  if (!patient.accountId) throw new AppError(409, 'CONFLICT', 'Esta ficha no está enlazada a ninguna cuenta.');
  const accountId = patient.accountId;
  await transact(deps.db, async (tx) => {
    await repos.patients.unlinkAccount(patient.id, tx);
    await repos.recordLinks.setEmailVerified(accountId, null, tx);
    await writeAuditEntry(tx, {
      ...context,
      action: 'update',
      entity: 'patient',
      entityId: patient.id,
      patientId: patient.id,
      details: { unlinkedAccount: accountId },
    });
  });
  return (await repos.patients.findById(patient.id))!;
}
