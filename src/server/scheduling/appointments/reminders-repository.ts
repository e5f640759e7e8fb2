import { and, asc, eq, gte, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { type Tx, transact } from '../../platform';
import { appointments, mailOutbox } from '../../platform';
import { clock, plus } from '../../platform';
import { findView, type AppointmentView } from './view-repository';

/** The reminders' job: the appointments due a reminder, each claimed once across instances. */
export function appointmentReminderQueries(db: Db) {
  return {
    /**
     * Claims due reminders so that each is written once across instances: the rows are locked
     * (FOR UPDATE SKIP LOCKED, so another instance skips them), handed to `enqueue` with the transaction,
     * and marked — all in one transaction, with no network in it. An appointment whose patient got its
     * booking, confirmation or change e-mail inside the lead time gets no reminder: that e-mail was it.
     */
    async claimDueReminders(
      now: Date,
      leadHours: number,
      limit: number,
      enqueue: (appointment: AppointmentView, tx: Tx) => Promise<void>,
    ): Promise<number> {
      return transact(db, async (tx) => {
        const recentEmail = tx
          .select({ one: sql`1` })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.appointmentId, appointments.id),
              inArray(mailOutbox.kind, ['appointment-received', 'appointment-confirmed', 'appointment-rescheduled']),
              ne(mailOutbox.status, 'cancelled'),
              sql`${mailOutbox.createdAt} > ${appointments.startsAt} - make_interval(hours => ${leadHours}::int)`,
            ),
          );
        const due = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              isNull(appointments.reminderSentAt),
              inArray(appointments.status, ['pendiente', 'confirmada']),
              gte(appointments.startsAt, now),
              lt(appointments.startsAt, plus(now, { hours: leadHours })),
              notExists(recentEmail),
            ),
          )
          .orderBy(asc(appointments.startsAt))
          .limit(limit)
          .for('update', { of: appointments, skipLocked: true });
        let claimed = 0;
        for (const { id } of due) {
          const view = await findView(tx, id);
          if (!view) continue;
          await enqueue(view, tx);
          await tx.update(appointments).set({ reminderSentAt: clock.now() }).where(eq(appointments.id, id));
          claimed++;
        }
        return claimed;
      });
    },
  };
}
