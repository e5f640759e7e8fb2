import { ROLES, type Role } from '../../common/roles';
import { grantOf } from './policy';

/**
 * What an account of a role is for, read from the permissions table rather than from role names, so a
 * change to `policy.ts` changes these too.
 */

/** Whether an account of this role has a clinical record of its own (a paciente): only such an account is linked to one. */
export const holdsOwnRecord = (role: Role): boolean => grantOf(role, 'read:record') !== null;

/** Whether an account of this role can be given tasks: it must be able to read and move its own. */
export const takesTasks = (role: Role): boolean => grantOf(role, 'move:tasks') !== null;

/** The roles that take tasks (the assignees a task can name). */
export const TASK_TAKING_ROLES: readonly Role[] = ROLES.filter(takesTasks);

/**
 * Staff: the roles that work in the clinic and open health records (admins and doctors), told by the table as every
 * role without a record of its own. The clinic may require a second factor of them, their sessions lock when idle.
 */
export const isStaff = (role: Role): boolean => !holdsOwnRecord(role);

/** The staff roles (`isStaff`). */
export const STAFF_ROLES: readonly Role[] = ROLES.filter(isStaff);

/** Whether an account of this role answers the clinic's inbox (the patient↔clinic chat). */
export const answersInbox = (role: Role): boolean => grantOf(role, 'manage:inbox') !== null;

/** The roles that answer the clinic's inbox. */
export const INBOX_ROLES: readonly Role[] = ROLES.filter(answersInbox);

/** Whether an account of this role runs the front desk (makes and assigns tasks): the desk's notices go to one. */
export const runsTheDesk = (role: Role): boolean => grantOf(role, 'manage:tasks') !== null;

/** The roles that run the front desk. */
export const DESK_ROLES: readonly Role[] = ROLES.filter(runsTheDesk);

/** Whether an account of this role has a professional card (nº de colegiado, specialty): a doctor's. */
export const hasProfessionalCard = (role: Role): boolean => role === 'doctor';
