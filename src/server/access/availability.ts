import type { Role } from '../../common/roles';
import { can } from './policy';

/**
 * Slots held for the waiting list are busy for everyone but the desk (`manage:appointments`), who sees
 * them marked when it asks to.
 */
export const seesHeldSlots = (user: { role: Role } | null): boolean => can(user, 'manage:appointments');
