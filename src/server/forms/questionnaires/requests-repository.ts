import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { QuestionnaireSection, RequestStatus } from '../../../common/schemas/questionnaires';
import { visibleQuestionnaireRequests } from '../../access';
import type { Visibility } from '../../access';
import { clock } from '../../platform';
import type { Db } from '../../platform';
import { preparedStatement } from '../../platform';
import {
  appointments,
  patients,
  profiles,
  questionnaireRequests,
  questionnaires,
  questionnaireVersions,
  questionnaireVersionServices,
} from '../../platform';
import type { Tx } from '../../platform';

const placeholder = sql.placeholder;

/**
 * The questionnaires a new appointment asks (see `askFor`): the version in force of each active questionnaire for
 * first visits when the patient has no earlier live appointment, or linked to the appointment's service; the
 * requests inserted and answered with their titles. Parsed and planned once per connection.
 */
const askForStatement = preparedStatement<{ id: string; title: string }>(
  'ask_questionnaires',
  sql`
    WITH chosen AS (
      SELECT version.id, version.title
      FROM ${questionnaires} questionnaire
      JOIN ${questionnaireVersions} version ON version.id = (
        SELECT latest.id FROM ${questionnaireVersions} latest
        WHERE latest.questionnaire_id = questionnaire.id ORDER BY latest.number DESC LIMIT 1)
      WHERE questionnaire.state = 'activo'
        AND ((version.first_visit AND NOT EXISTS (
               SELECT 1 FROM ${appointments} earlier
               WHERE earlier.patient_id = ${placeholder('patientId')}::uuid
                 AND earlier.id <> ${placeholder('appointmentId')}::uuid
                 AND earlier.status <> 'cancelada' AND earlier.starts_at < ${placeholder('startsAt')}::timestamptz))
          OR EXISTS (SELECT 1 FROM ${questionnaireVersionServices} linked
                     WHERE linked.version_id = version.id AND linked.service_id = ${placeholder('serviceId')}::uuid))
    ), made AS (
      INSERT INTO ${questionnaireRequests} (appointment_id, patient_id, version_id, created_at)
      SELECT ${placeholder('appointmentId')}::uuid, ${placeholder('patientId')}::uuid, chosen.id,
             ${placeholder('now')}::timestamptz
      FROM chosen
      ON CONFLICT DO NOTHING
      RETURNING id, version_id
    )
    SELECT made.id, chosen.title FROM made JOIN chosen ON chosen.id = made.version_id`,
);

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
  /** The questionnaire the asked version belongs to (its answers over time are compared by it). */
  questionnaireId: string;
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
      questionnaireId: questionnaireVersions.questionnaireId,
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
     * or to first visits when the patient has no earlier live appointment. In the booking's transaction, in one
     * statement (every booking runs it, and most clinics' bookings ask nothing: one round trip, not three); the
     * requests made, with their titles.
     */
    async askFor(
      appointment: { id: string; patientId: string; serviceId: string | null; startsAt: Date },
      tx: Tx,
    ): Promise<{ id: string; title: string }[]> {
      return askForStatement(tx, {
        appointmentId: appointment.id,
        patientId: appointment.patientId,
        serviceId: appointment.serviceId,
        startsAt: appointment.startsAt.toISOString(),
        now: clock.now().toISOString(),
      });
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

    /** A visit's questionnaires not sent yet (a draft counts as not sent), for its booking's page. */
    async pendingOfAppointment(appointmentId: string, tx: Db = db): Promise<{ id: string; title: string }[]> {
      return tx
        .select({ id: questionnaireRequests.id, title: questionnaireVersions.title })
        .from(questionnaireRequests)
        .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, questionnaireRequests.versionId))
        .where(
          and(eq(questionnaireRequests.appointmentId, appointmentId), eq(questionnaireRequests.status, 'pendiente')),
        )
        .orderBy(questionnaireVersions.title);
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
