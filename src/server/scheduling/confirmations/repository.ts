import { and, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AnswerVia, PatientAnswer } from '../../../common/schemas/confirmations';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointmentAnswers, appointments } from '../../platform';

export type AppointmentAnswerRow = typeof appointmentAnswers.$inferSelect;

/** All SQL about the patients' answers to their reminders. */
export function createConfirmationsRepository(db: Db) {
  return {
    /**
     * Records the answer and how it came (the last one wins: a patient who confirmed may still decline, by the
     * link or by a reply «NO»).
     */
    async record(
      appointmentId: string,
      answer: PatientAnswer,
      at: Date,
      tx: Tx,
      via: AnswerVia = 'link',
    ): Promise<AppointmentAnswerRow> {
      const [row] = await tx
        .insert(appointmentAnswers)
        .values({ appointmentId, answer, answeredAt: at, via })
        .onConflictDoUpdate({
          target: appointmentAnswers.appointmentId,
          set: { answer: sql`excluded.answer`, answeredAt: sql`excluded.answered_at`, via: sql`excluded.via` },
        })
        .returning();
      return row!;
    },

    async forAppointments(ids: string[], tx: Db = db): Promise<AppointmentAnswerRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(appointmentAnswers).where(inArray(appointmentAnswers.appointmentId, ids));
    },

    /** The answers of the appointments starting in [from, to), of one doctor or all (the calendar's range; its cap too). */
    async forRange(range: { from: Date; to: Date; doctorId?: string }, tx: Db = db): Promise<AppointmentAnswerRow[]> {
      return tx
        .select(getTableColumns(appointmentAnswers))
        .from(appointmentAnswers)
        .innerJoin(appointments, eq(appointments.id, appointmentAnswers.appointmentId))
        .where(
          and(
            gte(appointments.startsAt, range.from),
            lt(appointments.startsAt, range.to),
            range.doctorId ? eq(appointments.doctorId, range.doctorId) : undefined,
          ),
        )
        .limit(5000);
    },
  };
}

export type ConfirmationsRepository = ReturnType<typeof createConfirmationsRepository>;
