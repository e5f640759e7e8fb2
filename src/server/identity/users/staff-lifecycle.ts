import type { Tx } from '../../platform';

/**
 * What happens elsewhere when a staff account is made or changed: scheduling keeps a doctor's professional row and
 * her calendar feed (`scheduling/doctors/staff-lifecycle.ts`). Identity calls it inside its own transaction and knows
 * nothing of those tables; the composition root gives the implementation.
 */
export interface StaffLifecycle {
  /** Whether a specialty exists (a doctor is invited with one). */
  isSpecialty(id: string): Promise<boolean>;
  /**
   * A doctor account's professional row: complete (bookable once her hours are set) when invited with her details,
   * else inactive until completed in «Doctores».
   */
  doctorAdded(
    doctor: { id: string; specialtyId: string; licenseNumber: string; color?: string; complete: boolean },
    tx: Tx,
  ): Promise<void>;
  /** After an account is disabled or changes role: its calendar feed ends, and one who leaves «doctor» takes no more appointments. */
  accountChanged(
    id: string,
    change: { disabled: boolean; roleChanged: boolean; leavesDoctor: boolean },
    tx: Tx,
  ): Promise<void>;
}
