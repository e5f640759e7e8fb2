import { holdsOwnRecord } from '../../access';
import { audited, auditedRead, validationError, type AuditEntry } from '../../platform';
import type { CoreDeps } from '../deps';
import type { PatientRow, PatientsRepository } from './repository';

type Repos = Pick<CoreDeps, 'repos'>;

/** The record with this document, if there is one (whoever may see it: a duplicate is refused by it). */
export const findPatientByDocument = (
  deps: Repos,
  documentType: Parameters<PatientsRepository['findByDocument']>[0],
  documentNumber: string,
) => deps.repos.patients.findByDocument(documentType, documentNumber);

/**
 * The account a new record with this e-mail is linked to: a paciente's that has proved the address and has
 * no record yet (SPEC §5); null when there is none.
 */
export async function linkableAccountFor(deps: Repos, email: string | null | undefined) {
  const account = email ? await deps.repos.auth.findAccountByEmail(email) : undefined;
  const profile = account ? await deps.repos.auth.findProfile(account.id) : undefined;
  return account?.emailVerifiedAt &&
    profile &&
    holdsOwnRecord(profile.role) &&
    !(await deps.repos.patients.findByAccount(account.id))
    ? account.id
    : null;
}

/**
 * A record names an insurer of «Aseguradoras»: one that exists and is active when chosen (one deactivated since stays
 * on the records that had it).
 */
export async function checkInsurerChoice(deps: Repos, insurerId: string | null | undefined, current?: string | null) {
  if (!insurerId || insurerId === current) return;
  const insurer = await deps.repos.patients.findInsurer(insurerId);
  if (!insurer?.active) throw validationError({ insurerId: 'Elige una aseguradora activa de la lista' });
}

/** Creates a record, audited. */
export const createPatient = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  input: Parameters<PatientsRepository['create']>[0],
  entry: (record: PatientRow) => AuditEntry,
) => audited(deps.db, (tx) => deps.repos.patients.create(input, tx), entry);

/** Changes a record, audited; answers it as it is now. */
export const updatePatient = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  id: string,
  changes: Parameters<PatientsRepository['update']>[1],
  entry: AuditEntry,
) => audited(deps.db, (tx) => deps.repos.patients.update(id, changes, tx), entry);

/** A paciente's own record (already resolved as hers), read and audited. */
export const readOwnRecord = (
  deps: Pick<CoreDeps, 'db' | 'repos'>,
  id: string,
  entry: (record: PatientRow) => AuditEntry,
) => auditedRead(deps.db, async (db) => (await deps.repos.patients.findById(id, db))!, entry);
