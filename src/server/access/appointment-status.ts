import { actorMayMake, type StatusActor, type StatusTarget } from '../../common/appointment-status-rules';
import type { Role } from '../../common/roles';
import { can } from './policy';

/** Who changes an appointment's status: whoever holds `manage:appointments` acts as the desk, else as its doctor. */
export const statusActorOf = (user: { role: Role }): StatusActor =>
  can(user, 'manage:appointments') ? 'staff' : 'doctor';

/**
 * Whether the user may move an appointment to `target`: the desk every change; a doctor only arrival,
 * attendance and no-shows. The same rule (`common/appointment-status-rules.ts`) picks the buttons on screen.
 */
export const mayMakeStatusChange = (user: { role: Role }, target: StatusTarget): boolean =>
  actorMayMake(statusActorOf(user), target);
