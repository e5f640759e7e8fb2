import { eq } from 'drizzle-orm';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointmentMinors } from '../../platform';
import type { AppointmentMinor } from '../../../common/schemas/minors';

/** The child and the guardian of bookings in a specialty for minors (Pediatría). */
export function createAppointmentMinorsRepository(db: Db) {
  return {
    /** Written in the transaction that creates the appointment. */
    async add(appointmentId: string, minor: AppointmentMinor, tx: Tx) {
      await tx.insert(appointmentMinors).values({ appointmentId, ...minor });
    },

    /** Many at once (the demo's pediatric agenda). */
    async addMany(rows: (AppointmentMinor & { appointmentId: string })[], tx: Tx) {
      if (rows.length) await tx.insert(appointmentMinors).values(rows);
    },

    async find(appointmentId: string, tx: Db = db): Promise<AppointmentMinor | null> {
      const [row] = await tx.select().from(appointmentMinors).where(eq(appointmentMinors.appointmentId, appointmentId));
      if (!row) return null;
      const { appointmentId: _id, ...minor } = row;
      return minor as AppointmentMinor;
    },
  };
}
