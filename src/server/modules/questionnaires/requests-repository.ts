import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { QuestionnaireSection, RequestStatus } from '../../../common/schemas/questionnaires';
import { visibleQuestionnaireRequests } from '../../access/ownership';
import type { Visibility } from '../../access/visibility';
import { clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  appointments,
  patients,
  profiles,
  questionnaireRequests,
  questionnaires,
  questionnaireVersions,
  questionnaireVersionServices,
} from '../../db/schema';
import type { Tx } from '../../db/transaction';

export interface RequestRecord {
  id: string;
  status: RequestStatus;
  appointmentId: string;
  appointmentStatus: string;
  patientId: string;
  patientName: string;
  appointmentStartsAt: Date;
  appointmentEndsAt: Date;
  doctorName: string;
  title: string;
  intro: string;
  versionNumber: number;
  sections: QuestionnaireSection[];
  answers: Record<string, unknown>;
  copied: string[];
  savedAt: Date | null;
  submittedAt: Date | null;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function select(tx: Db) {
  return tx
    .select({
      id: questionnaireRequests.id,
      status: questionnaireRequests.status,
      appointmentId: questionnaireRequests.appointmentId,
      appointmentStatus: appointments.status,
      patientId: questionnaireRequests.patientId,
      patientName: sql<string>`trim(${patients.firstName} || ' ' || ${patients.lastName})`,
      appointmentStartsAt: appointments.startsAt,
      appointmentEndsAt: appointments.endsAt,
      doctorName: sql<string>`coalesce(${profiles.displayName}, '')`,
      title: questionnaireVersions.title,
      intro: questionnaireVersions.intro,
      versionNumber: questionnaireVersions.number,
      sections: questionnaireVersions.sections,
      answers: questionnaireRequests.answers,
      copied: questionnaireRequests.copied,
      savedAt: questionnaireRequests.savedAt,
      submittedAt: questionnaireRequests.submittedAt,
    })
    .from(questionnaireRequests)
    .innerJoin(appointments, eq(appointments.id, questionnaireRequests.appointmentId))
    .innerJoin(patients, eq(patients.id, questionnaireRequests.patientId))
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireRequests.versionId))
    .leftJoin(profiles, eq(profiles.id, appointments.doctorId));
}

const toRecord = (row: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): RequestRecord => ({
  ...row,
  sections: parsed(row.sections),
  answers: parsed(row.answers),
  copied: parsed(row.copied),
});

/**
 * All SQL of the questionnaires asked of patients: made in a booking's transaction, answered as the patient goes,
 * sent, and read by her doctor (`visibleTo`, by `access/ownership.ts`).
 */
export function createQuestionnaireRequestsRepository(db: Db) {
  return {
    /**
     * Asks, for a new appointment, every active questionnaire whose version in force applies to it: to its service,
     * or to first visits when the patient has no earlier live appointment. In the booking's transaction; the ids
     * of the requests made.
     */
    async askFor(
      appointment: { id: string; patientId: string; serviceId: string | null; startsAt: Date },
      tx: Tx,
    ): Promise<{ id: string; title: string }[]> {
      const [earlier] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.patientId, appointment.patientId),
            ne(appointments.id, appointment.id),
            ne(appointments.status, 'cancelada'),
            sql`${appointments.startsAt} < ${appointment.startsAt}`,
          ),
        )
        .limit(1);
      const firstVisit = !earlier;
      const latest = sql`(SELECT last.id FROM ${questionnaireVersions} last
                          WHERE last.questionnaire_id = ${questionnaires.id} ORDER BY last.number DESC LIMIT 1)`;
      const applies = sql`EXISTS (SELECT 1 FROM ${questionnaireVersionServices} s
                                   WHERE s.version_id = ${questionnaireVersions.id} AND s.service_id = ${appointment.serviceId})`;
      const versions = await tx
        .select({ id: questionnaireVersions.id, title: questionnaireVersions.title })
        .from(questionnaires)
        .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, latest))
        .where(
          and(
            eq(questionnaires.state, 'activo'),
            firstVisit && appointment.serviceId
              ? or(eq(questionnaireVersions.firstVisit, true), applies)
              : firstVisit
                ? eq(questionnaireVersions.firstVisit, true)
                : appointment.serviceId
                  ? applies
                  : sql`false`,
          ),
        );
      if (versions.length === 0) return [];
      const made = await tx
        .insert(questionnaireRequests)
        .values(
          versions.map((version) => ({
            appointmentId: appointment.id,
            patientId: appointment.patientId,
            versionId: version.id,
            createdAt: clock.now(),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: questionnaireRequests.id, versionId: questionnaireRequests.versionId });
      const titles = new Map(versions.map((version) => [version.id, version.title]));
      return made.map((row) => ({ id: row.id, title: titles.get(row.versionId) ?? '' }));
    },

    /** Asks one given version for an appointment (the demo data and tests; bookings use `askFor`). */
    async insertFor(
      appointment: { id: string; patientId: string },
      versionId: string,
      tx: Tx,
      now = clock.now(),
    ): Promise<string> {
      const [made] = await tx
        .insert(questionnaireRequests)
        .values({ appointmentId: appointment.id, patientId: appointment.patientId, versionId, createdAt: now })
        .returning({ id: questionnaireRequests.id });
      return made!.id;
    },

    /** A request whatever the user (the token of a link is the proof), or undefined. */
    async findForLink(id: string, tx: Db = db): Promise<RequestRecord | undefined> {
      const [row] = await select(tx).where(eq(questionnaireRequests.id, id));
      return row && toRecord(row);
    },

    /** Merges answers into a draft (`null` clears one); undefined when it is no longer a draft. */
    async saveDraft(id: string, answers: Record<string, unknown>, tx: Tx, now = clock.now()) {
      const updated = await tx
        .update(questionnaireRequests)
        .set({
          answers: sql`jsonb_strip_nulls(${questionnaireRequests.answers} || ${JSON.stringify(answers)}::jsonb)`,
          savedAt: now,
        })
        .where(and(eq(questionnaireRequests.id, id), eq(questionnaireRequests.status, 'pendiente')))
        .returning({ id: questionnaireRequests.id });
      return updated[0];
    },

    /** Sends the answers (checked whole); undefined when already sent. */
    async submit(id: string, answers: Record<string, unknown>, tx: Tx, now = clock.now()) {
      const updated = await tx
        .update(questionnaireRequests)
        .set({ answers, status: 'enviado', savedAt: now, submittedAt: now })
        .where(and(eq(questionnaireRequests.id, id), eq(questionnaireRequests.status, 'pendiente')))
        .returning({ id: questionnaireRequests.id });
      return updated[0];
    },

    /** Marks a declared item copied into the record; false when it already was. */
    async markCopied(id: string, item: string, tx: Tx): Promise<boolean> {
      const updated = await tx
        .update(questionnaireRequests)
        .set({ copied: sql`${questionnaireRequests.copied} || jsonb_build_array(${item}::text)` })
        .where(and(eq(questionnaireRequests.id, id), sql`NOT (${questionnaireRequests.copied} ? ${item})`))
        .returning({ id: questionnaireRequests.id });
      return updated.length > 0;
    },

    /** The reads a route makes: a doctor the questionnaires of her patients, a paciente her own. */
    visibleTo(visibility: Visibility) {
      const visible: SQL | undefined = visibleQuestionnaireRequests(visibility);
      return {
        async findById(id: string, tx: Db = db): Promise<RequestRecord | undefined> {
          const [row] = await select(tx).where(and(eq(questionnaireRequests.id, id), visible));
          return row && toRecord(row);
        },
        /** Of one patient, or of every visible one; the latest appointment first; cancelled visits left out. */
        async list(filters: { patientId?: string }, tx: Db = db): Promise<RequestRecord[]> {
          const rows = await select(tx)
            .where(
              and(
                visible,
                ne(appointments.status, 'cancelada'),
                filters.patientId ? eq(questionnaireRequests.patientId, filters.patientId) : undefined,
              ),
            )
            .orderBy(desc(appointments.startsAt), desc(questionnaireRequests.createdAt));
          return rows.map(toRecord);
        },
      };
    },
  };
}

export type QuestionnaireRequestsRepository = ReturnType<typeof createQuestionnaireRequestsRepository>;
