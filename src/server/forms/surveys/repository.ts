import { and, eq, gt, gte, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform';
import { transact, type Tx } from '../../platform';
import { appointments, patients, visitSurveys } from '../../platform';

export type VisitSurveyRow = typeof visitSurveys.$inferSelect;

/** All SQL of the after-visit message: which visits are due, the one row per visit, the survey's answer. */
export function createVisitSurveysRepository(db: Db) {
  return {
    /**
     * Claims attended visits that ended between `oldest` and `endedBefore` and have no after-visit row, with FOR
     * UPDATE SKIP LOCKED (two instances never take the same visit); `write` runs in the claim's transaction.
     */
    async claimDue(
      endedBefore: Date,
      oldest: Date,
      limit: number,
      write: (appointmentId: string, tx: Tx) => Promise<void>,
    ): Promise<number> {
      return transact(db, async (tx) => {
        const already = tx
          .select({ one: sql`1` })
          .from(visitSurveys)
          .where(eq(visitSurveys.appointmentId, appointments.id));
        const due = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              eq(appointments.status, 'atendida'),
              lte(appointments.endsAt, endedBefore),
              gte(appointments.endsAt, oldest),
              notExists(already),
            ),
          )
          .limit(limit)
          .for('update', { of: appointments, skipLocked: true });
        for (const { id } of due) await write(id, tx);
        return due.length;
      });
    },

    /** The one row of a visit's after-visit message; false if the visit already has one (never twice). */
    async insert(row: typeof visitSurveys.$inferInsert, tx: Tx): Promise<boolean> {
      const inserted = await tx
        .insert(visitSurveys)
        .values(row)
        .onConflictDoNothing({ target: visitSurveys.appointmentId })
        .returning({ id: visitSurveys.id });
      return inserted.length === 1;
    },

    /**
     * Whether the patient was sent an after-visit message since `since`. Locks her record first, so that two
     * instances claiming two of her visits take turns and the second sees the first's message.
     */
    async messagedPatientSince(patientId: string, since: Date, tx: Tx): Promise<boolean> {
      await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
      const [row] = await tx
        .select({ one: sql`1` })
        .from(visitSurveys)
        .innerJoin(appointments, eq(appointments.id, visitSurveys.appointmentId))
        .where(
          and(
            eq(appointments.patientId, patientId),
            ne(visitSurveys.channel, 'ninguno'),
            gte(visitSurveys.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findByTokenHash(tokenHash: string, now: Date, tx: Db = db): Promise<VisitSurveyRow | undefined> {
      const [row] = await tx
        .select()
        .from(visitSurveys)
        .where(and(eq(visitSurveys.tokenHash, tokenHash), gt(visitSurveys.expiresAt, now)));
      return row;
    },

    async findByAppointment(appointmentId: string, tx: Db = db): Promise<VisitSurveyRow | undefined> {
      const [row] = await tx.select().from(visitSurveys).where(eq(visitSurveys.appointmentId, appointmentId));
      return row;
    },

    /** Records the answer once: false when it was already answered. */
    async answer(id: string, score: number, comment: string, at: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(visitSurveys)
        .set({ score, comment, answeredAt: at })
        .where(and(eq(visitSurveys.id, id), isNull(visitSurveys.answeredAt)))
        .returning({ id: visitSurveys.id });
      return rows.length === 1;
    },
  };
}

export type VisitSurveysRepository = ReturnType<typeof createVisitSurveysRepository>;
