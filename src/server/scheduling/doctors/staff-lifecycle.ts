import { firstFreeColor } from '../../../common/doctor-colors';
import type { StaffLifecycle } from '../../identity';
import type { Repositories } from '../deps';

/** Scheduling's side of a staff account's life (`identity/users/staff-lifecycle.ts`): the doctor row and the calendar feed. */
export function createStaffLifecycle(repos: Pick<Repositories, 'doctors' | 'calendarFeeds'>): StaffLifecycle {
  return {
    async isSpecialty(id) {
      return Boolean(await repos.doctors.findSpecialty(id));
    },
    async doctorAdded({ id, specialtyId, licenseNumber, color, complete }, tx) {
      await repos.doctors.create(
        {
          id,
          specialtyId,
          licenseNumber,
          color: color ?? firstFreeColor(await repos.doctors.usedColors(tx)),
          active: complete,
        },
        tx,
      );
    },
    async accountChanged(id, { disabled, roleChanged, leavesDoctor }, tx) {
      // A disabled account's feed ends, as when its role changes (the feed was made for the old role's scope).
      if (disabled || roleChanged) await repos.calendarFeeds.revoke(id, tx);
      // Someone who is no longer a doctor takes no more appointments.
      if (leavesDoctor) await repos.doctors.update(id, { active: false }, tx);
    },
  };
}
