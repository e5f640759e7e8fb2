import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { visibleOpinions } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import type { Tx } from '../../platform';
import { appointments, clinicServices, patients, profiles, visitSurveys } from '../../platform';

const doctorProfiles = alias(profiles, 'doctor_profiles');
const replierProfiles = alias(profiles, 'replier_profiles');

/** The answered surveys, each with its visit, doctor, service and patient; `where` narrows them. */
const answeredColumns = {
  id: visitSurveys.id,
  appointmentId: visitSurveys.appointmentId,
  score: visitSurveys.score,
  comment: visitSurveys.comment,
  answeredAt: visitSurveys.answeredAt,
  visitStartsAt: appointments.startsAt,
  doctorName: doctorProfiles.displayName,
  serviceName: clinicServices.name,
  patientId: patients.id,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  patientEmail: patients.email,
  replyText: visitSurveys.replyText,
  repliedAt: visitSurveys.repliedAt,
  repliedByName: replierProfiles.displayName,
};

/**
 * The SQL of «Opiniones» (issue 38, item 3): the survey answers a request may see (`access/ownership.ts`),
 * ratings aggregated by the database per month, doctor and service, the list of answers, and the one reply.
 */
export function createOpinionsRepository(db: Db) {
  return {
    visibleTo(visibility: Visibility) {
      const visible = visibleOpinions(visibility);
      const answered = (tx: Db) =>
        tx
          .select(answeredColumns)
          .from(visitSurveys)
          .innerJoin(appointments, eq(appointments.id, visitSurveys.appointmentId))
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
          .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
          .leftJoin(replierProfiles, eq(replierProfiles.id, visitSurveys.repliedBy));

      return {
        /** Answers per month of the visit (the clinic's calendar), doctor and service, from `firstMonth` on. */
        async ratings(firstMonth: string, timeZone: string, tx: Db = db) {
          const month = sql<string>`to_char(${appointments.startsAt} AT TIME ZONE ${timeZone}, 'YYYY-MM')`;
          return (
            tx
              .select({
                month,
                doctorId: appointments.doctorId,
                doctorName: doctorProfiles.displayName,
                serviceId: appointments.serviceId,
                serviceName: clinicServices.name,
                answers: count(),
                scoreSum: sql<number>`sum(${visitSurveys.score})::int`,
              })
              .from(visitSurveys)
              .innerJoin(appointments, eq(appointments.id, visitSurveys.appointmentId))
              .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
              .leftJoin(clinicServices, eq(clinicServices.id, appointments.serviceId))
              .where(
                and(
                  isNotNull(visitSurveys.answeredAt),
                  sql`${appointments.startsAt} >= (${firstMonth}::date::timestamp AT TIME ZONE ${timeZone})`,
                  visible,
                ),
              )
              // By position: the month's expression carries the time zone as a parameter, which GROUP BY would not match.
              .groupBy(sql`1, 2, 3, 4, 5`)
              .orderBy(sql`1, 3, 5`)
          );
        },

        /** A page of answers, the newest first, and how many there are. */
        async list(page: number, pageSize: number, tx: Db = db) {
          const where = and(isNotNull(visitSurveys.answeredAt), visible);
          const [items, [total]] = await Promise.all([
            answered(tx)
              .where(where)
              .orderBy(desc(visitSurveys.answeredAt), desc(visitSurveys.id))
              .limit(pageSize)
              .offset((page - 1) * pageSize),
            tx
              .select({ total: count() })
              .from(visitSurveys)
              .innerJoin(appointments, eq(appointments.id, visitSurveys.appointmentId))
              .where(where),
          ]);
          return { items, total: total!.total };
        },

        /** One answer, when this request may see it (undefined otherwise, as for one that does not exist). */
        async find(id: string, tx: Db = db) {
          const [row] = await answered(tx).where(
            and(eq(visitSurveys.id, id), isNotNull(visitSurveys.answeredAt), visible),
          );
          return row;
        },
      };
    },

    /** Records the one reply: false when the answer was already replied to (the second is refused). */
    async reply(id: string, text: string, by: string, at: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(visitSurveys)
        .set({ replyText: text, repliedAt: at, repliedBy: by })
        .where(and(eq(visitSurveys.id, id), isNull(visitSurveys.repliedAt)))
        .returning({ id: visitSurveys.id });
      return rows.length === 1;
    },
  };
}

export type OpinionsRepository = ReturnType<typeof createOpinionsRepository>;

export type AnsweredSurvey = NonNullable<Awaited<ReturnType<ReturnType<OpinionsRepository['visibleTo']>['find']>>>;
