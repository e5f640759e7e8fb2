import { ROLES, type Role } from '../../common/roles';
import { grantOf } from './policy';

/**
 * What an account of a role is for, read from the permissions table rather than from role names, so a
 * change to `policy.ts` changes these too.
 */

/** Whether an account of this role has a clinical record of its own (a paciente): only such an account is linked to one. */
export const holdsOwnRecord = (role: Role): boolean => grantOf(role, 'my-record:read') !== null;

/** Whether an account of this role can be given tasks: it must be able to read and move its own. */
export const takesTasks = (role: Role): boolean => grantOf(role, 'tasks:status') !== null;

/** The roles that take tasks (the assignees a task can name). */
export const TASK_TAKING_ROLES: readonly Role[] = ROLES.filter(takesTasks);
