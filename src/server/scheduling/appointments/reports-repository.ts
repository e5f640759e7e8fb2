import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { appointments } from '../../platform';

/** The counts of the dashboard, the reports and the verification. */
export function appointmentReportQueries(db: Db) {
  return {
    /** Counts by status of the appointments starting in [from, to). */
    async countByStatus(from: Date, to: Date, tx: Db = db) {
      return tx
        .select({ status: appointments.status, count: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
        .groupBy(appointments.status);
    },

    /** Booked minutes per doctor of live appointments starting in [from, to). */
    async bookedMinutes(from: Date, to: Date, tx: Db = db) {
      return tx
        .select({
          doctorId: appointments.doctorId,
          minutes: sql<number>`coalesce(sum(extract(epoch from (${appointments.endsAt} - ${appointments.startsAt})) / 60), 0)::int`,
        })
        .from(appointments)
        .where(
          and(gte(appointments.startsAt, from), lt(appointments.startsAt, to), ne(appointments.status, 'cancelada')),
        )
        .groupBy(appointments.doctorId);
    },

    /**
     * Live appointments that overlap an earlier live one of the same doctor: must always be 0
     * (verification). One ordered pass per doctor, so it stays fast on millions of rows.
     */
    async countOverlaps(tx: Db = db): Promise<number> {
      const ordered = tx
        .select({
          startsAt: appointments.startsAt,
          previousEnd: sql<Date | null>`max(${appointments.endsAt}) OVER (PARTITION BY ${appointments.doctorId}
            ORDER BY ${appointments.startsAt}, ${appointments.id} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)`.as(
            'previous_end',
          ),
        })
        .from(appointments)
        .where(ne(appointments.status, 'cancelada'))
        .as('ordered');
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(ordered)
        .where(sql`${ordered.startsAt} < ${ordered.previousEnd}`);
      return row?.count ?? 0;
    },

    async countPendingConfirmations(now: Date, tx: Db = db) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.status, 'pendiente'), gte(appointments.startsAt, now)));
      return row?.count ?? 0;
    },
  };
}
