/**
 * Type-level tests of the rule «every repository write takes the transaction» (docs/decisions/0043-s1-tx-every-repository-write-takes-the-transaction.md),
 * checked by `npm run typecheck` as `transaction.type-test.ts` is: every line under `@ts-expect-error` must
 * fail to compile, so a write that accepts the outer database again, or lets its transaction be left out,
 * fails CI. One or more writes of each kind of repository: clinical data, accounts and sessions, the
 * second factor, the outbox worker, the desk's tasks, settings and maintenance. Nothing here runs.
 */
import { writeAuditEntry } from '../platform/audit/repository';
import type { Repositories } from '../deps';
import type { Db } from '../platform/db/client';
import { transact } from '../platform/db/transaction';

const entry = { actor: null, action: 'update', entity: 'patient' } as const;
const claim = { id: 'id', attempts: 1 };
const now = new Date();

export async function writesRefuseTheOuterDatabase(db: Db, repos: Repositories) {
  // @ts-expect-error an appointment's state changes in the change's transaction
  await repos.appointments.setStatus('id', 'atendida', null, null, db);
  // @ts-expect-error a clinical note is written in its audited transaction
  await repos.clinicalNotes.sign('id', db);
  // @ts-expect-error a prescription is cancelled in its audited transaction
  await repos.prescriptions.cancel('id', 'motivo', 'doctor', db);
  // @ts-expect-error a treatment changes in its audited transaction
  await repos.treatments.update('id', { title: 'Nuevo' }, db);
  // @ts-expect-error linking a record to an account is a change
  await repos.patients.linkAccount('id', 'account', db);
  // @ts-expect-error a session is deleted in a transaction
  await repos.auth.deleteSession('id', db);
  // @ts-expect-error a failed sign-in is counted in a transaction
  await repos.auth.recordFailure('email:ana@prueba.test', { max: 5, timeWindow: 60_000 }, db);
  // @ts-expect-error a second factor's code is used up in a transaction
  await repos.secondFactor.useRecoveryCode('account', 'hash', db);
  // @ts-expect-error the outbox worker's claim locks rows (FOR UPDATE SKIP LOCKED) in a transaction
  await repos.outbox.claimDue(now, now, 10, db);
  // @ts-expect-error the admins are locked (FOR UPDATE) in the transaction of the role change
  await repos.users.lockOtherActiveAdmins('id', db);
  // @ts-expect-error a task is written in a transaction
  await repos.tasks.create({ title: 'Llamar', assigneeId: 'id', createdBy: 'id', dueDate: '2030-01-01' }, db);
  // @ts-expect-error the settings change in a transaction
  await repos.clinic.updateSettings({ name: 'Clínica' }, db);
  // @ts-expect-error the rate-limit sweep deletes in a transaction
  await repos.rateLimits.deleteExpired(now, db);
  // @ts-expect-error the audit entry of a change is written in the change's transaction
  await writeAuditEntry(db, entry);
}

export async function writesRefuseAMissingTransaction(repos: Repositories) {
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.appointments.revert('id', { action: 'status', changes: {}, actorId: null, at: now }, null);
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.clinicalNotes.addAddendum('note', 'author', 'texto');
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.waitingList.retire('id');
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.messages.markRead('conversation', 'staff');
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.sessions.markActive('session', now);
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.outbox.markSent(claim, now);
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.doctors.addAbsence('doctor', { startDate: '2030-01-01', endDate: '2030-01-02', reason: '' });
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.holidays.remove('id');
  // @ts-expect-error a write needs the transaction it belongs to
  await repos.clinic.getOrCreateSecret('key', () => 'secreto');
}

export async function writesTakeTheirTransaction(db: Db, repos: Repositories) {
  await transact(db, async (tx) => {
    await repos.clinicalNotes.sign('id', tx);
    await repos.auth.deleteSession('id', tx);
    await repos.outbox.markSent(claim, now, tx);
    await repos.holidays.remove('id', tx);
    await writeAuditEntry(tx, entry);
  });
  // Reads keep their optional database: the outer one, or the transaction (a `Tx` is a `Db`).
  await repos.clinicalNotes.findByAppointment('id');
  await repos.holidays.between('2030-01-01', '2030-12-31', db);
}
