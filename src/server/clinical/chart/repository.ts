import { sql, type SQL } from 'drizzle-orm';
import type { ChartKind } from '../../../common/schemas/chart';
import { visibleWriting, type WritingColumns } from '../../access';
import type { Visibility } from '../../access';
import { addCalendarDays, PRESCRIPTION_VALIDITY_DAYS } from '../../../common/schemas/prescriptions';
import type { Db } from '../../platform';
import { asDate } from '../../platform';

/** One item of a patient's timeline, the same shape whatever its kind. */
export interface ChartRow {
  kind: ChartKind;
  id: string;
  /** The clinical moment: an appointment's (or a note's appointment's) start; the start of the clinic's day for dated items. */
  at: Date;
  /** A prescription or a treatment: a calendar date, shown without an hour. */
  dateOnly: boolean;
  /** The order among items of one instant, and the cursor's second member (never sent as such). */
  tie: string;
  title: string;
  detail: string;
  status: string;
  doctor: string;
  appointmentId: string | null;
}

/** Where a page starts: strictly older than this item (its instant, then its tie key). */
export interface ChartCursor {
  at: Date;
  tie: string;
}

export interface ChartSearch {
  patientId: string;
  kinds?: ChartKind[];
  /** Instants: items at or after `from`, before `to`. */
  from?: Date;
  to?: Date;
  after?: ChartCursor;
  limit: number;
  /** The clinic's zone: a dated item (a prescription's date, a treatment's start) is placed at the start of that day there. */
  timeZone: string;
  /** The clinic's day by `clock`: an `activa` prescription past its validity shows `caducada`. */
  today: string;
}

/** A calendar date as the instant its day starts in the clinic's zone (DST-correct, in PostgreSQL). */
const startOfClinicDay = (date: SQL, search: ChartSearch) =>
  sql`((${date})::timestamp AT TIME ZONE ${search.timeZone})`;

/**
 * The conditions every kind's SELECT applies to its own `at` and tie-key expressions: the dates and the
 * keyset, written so that the first column of the kind's (patient, at) index bounds the scan.
 */
function window(at: SQL, tie: SQL, search: ChartSearch): SQL {
  const conditions: SQL[] = [];
  if (search.from) conditions.push(sql`${at} >= ${search.from.toISOString()}::timestamptz`);
  if (search.to) conditions.push(sql`${at} < ${search.to.toISOString()}::timestamptz`);
  if (search.after) {
    const cursorAt = sql`${search.after.at.toISOString()}::timestamptz`;
    conditions.push(sql`${at} <= ${cursorAt} AND (${at} < ${cursorAt} OR ${tie} < ${search.after.tie})`);
  }
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
}

/**
 * Among items of the same instant, which comes first (newest first, so the greater key first): a note
 * above its appointment (written after it starts); dated items of one day in the order they were
 * written. The key is also the cursor's second member.
 */
const tieOf = {
  /** `0` + id: an appointment, a file. */
  plain: (id: SQL) => sql`'0' || ${id}`,
  /** `1` + id: a note, above the appointment it shares its instant with. */
  note: (id: SQL) => sql`'1' || ${id}`,
  /** `0` + when it was written (µs) + id: a prescription or treatment among the others of its day. */
  written: (createdAt: SQL, id: SQL) =>
    sql`'0' || to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') || ${id}`,
};

/**
 * One SELECT per kind, each answering {kind, id, at, date_only, tie, title, detail, status, doctor,
 * appointment_id} for one patient, newest first, at most `limit + 1` rows. `at` is the item's clinical
 * moment — an appointment's start, a note's appointment's start, the start of the clinic's day of a
 * prescription's date or a treatment's start, a file's upload — never when a row happened to be saved.
 * A domain adds its kind by adding its SELECT here (and its label and renderer): the UNION ALL, the
 * order and the pages need no change.
 */
const SOURCES: Record<ChartKind, (search: ChartSearch, visibility: Visibility, limit: number) => SQL> = {
  // Every appointment of the patient, whatever its status or doctor.
  appointment: (search, _visibility, limit) => {
    const tie = tieOf.plain(sql`a.id::text`);
    return sql`
    SELECT 'appointment' AS kind, a.id::text AS id, a.starts_at AS at, false AS date_only, ${tie} AS tie,
           'Cita · ' || s.name AS title, a.reason AS detail, a.status AS status, pr.display_name AS doctor,
           a.id::text AS appointment_id
      FROM appointments a
      JOIN doctors d ON d.id = a.doctor_id
      JOIN specialties s ON s.id = d.specialty_id
      JOIN profiles pr ON pr.id = a.doctor_id
     WHERE a.patient_id = ${search.patientId} AND ${window(sql`a.starts_at`, tie, search)}
     ORDER BY a.starts_at DESC, 5 DESC
     LIMIT ${limit}`;
  },
  // Notes, at their appointment's start: admins read all of them; a doctor only those she wrote.
  note: (search, visibility, limit) => {
    const tie = tieOf.note(sql`n.id::text`);
    return sql`
    SELECT 'note' AS kind, n.id::text AS id, ap.starts_at AS at, false AS date_only, ${tie} AS tie,
           'Nota clínica' AS title,
           n.diagnosis || CASE WHEN n.diagnosis_code <> '' THEN ' (' || n.diagnosis_code || ')' ELSE '' END AS detail,
           CASE WHEN n.signed_at IS NULL THEN 'borrador' ELSE 'firmada' END AS status,
           pr.display_name AS doctor, n.appointment_id::text AS appointment_id
      FROM clinical_notes n
      JOIN appointments ap ON ap.id = n.appointment_id
      JOIN profiles pr ON pr.id = n.doctor_id
     WHERE n.patient_id = ${search.patientId}
       AND ${writingVisibleTo(visibility, { doctorId: sql`n.doctor_id`, patientId: sql`n.patient_id` })}
       AND ${window(sql`ap.starts_at`, tie, search)}
     ORDER BY ap.starts_at DESC, 5 DESC
     LIMIT ${limit}`;
  },
  // Prescriptions and treatments: admins all; a doctor those they wrote (as their lists show). At their date.
  prescription: (search, visibility, limit) => {
    const at = startOfClinicDay(sql`p.prescribed_on`, search);
    const tie = tieOf.written(sql`p.created_at`, sql`p.id::text`);
    return sql`
    SELECT 'prescription' AS kind, p.id::text AS id, ${at} AS at, true AS date_only, ${tie} AS tie,
           'Receta' AS title,
           p.diagnosis || ' · ' || (SELECT string_agg(m->>'medicine', ', ') FROM jsonb_array_elements(p.medicines) m) AS detail,
           CASE WHEN p.status = 'activa' AND p.prescribed_on < ${addCalendarDays(search.today, -(PRESCRIPTION_VALIDITY_DAYS - 1))}::date
                THEN 'caducada' ELSE p.status END AS status,
           pr.display_name AS doctor, NULL::text AS appointment_id
      FROM prescriptions p
      JOIN profiles pr ON pr.id = p.doctor_id
     WHERE p.patient_id = ${search.patientId}
       AND ${writingVisibleTo(visibility, { doctorId: sql`p.doctor_id`, patientId: sql`p.patient_id` })}
       AND ${window(at, tie, search)}
     ORDER BY 3 DESC, 5 DESC
     LIMIT ${limit}`;
  },
  treatment: (search, visibility, limit) => {
    const at = startOfClinicDay(sql`t.start_date`, search);
    const tie = tieOf.written(sql`t.created_at`, sql`t.id::text`);
    return sql`
    SELECT 'treatment' AS kind, t.id::text AS id, ${at} AS at, true AS date_only, ${tie} AS tie,
           'Tratamiento · ' || t.title AS title, t.diagnosis AS detail, t.status AS status,
           pr.display_name AS doctor, NULL::text AS appointment_id
      FROM treatments t
      JOIN profiles pr ON pr.id = t.doctor_id
     WHERE t.patient_id = ${search.patientId}
       AND ${writingVisibleTo(visibility, { doctorId: sql`t.doctor_id`, patientId: sql`t.patient_id` })}
       AND ${window(at, tie, search)}
     ORDER BY 3 DESC, 5 DESC
     LIMIT ${limit}`;
  },
  // Files of the record (not deleted), at their upload: everyone who may open the chart sees them, as the files list does.
  file: (search, _visibility, limit) => {
    const tie = tieOf.plain(sql`f.id::text`);
    return sql`
    SELECT 'file' AS kind, f.id::text AS id, f.created_at AS at, false AS date_only, ${tie} AS tie,
           'Archivo · ' || f.name AS title, f.description AS detail, f.type AS status,
           coalesce(pr.display_name, '') AS doctor, NULL::text AS appointment_id
      FROM patient_files f
      LEFT JOIN profiles pr ON pr.id = f.uploaded_by
     WHERE f.patient_id = ${search.patientId} AND f.deleted_at IS NULL
       AND ${window(sql`f.created_at`, tie, search)}
     ORDER BY f.created_at DESC, 5 DESC
     LIMIT ${limit}`;
  },
};

/** The clinical writing (notes, prescriptions, treatments) a viewer reads, by the rule of `access/ownership.ts`. */
const writingVisibleTo = (visibility: Visibility, columns: WritingColumns): SQL =>
  visibleWriting(visibility, columns) ?? sql`true`;

type RawChartRow = {
  kind: ChartKind;
  id: string;
  at: Date | string;
  date_only: boolean;
  tie: string;
  title: string;
  detail: string | null;
  status: string;
  doctor: string;
  appointment_id: string | null;
};

/** The patient's chart timeline: every kind in one statement, in keyset pages on (at, tie). */
export function createChartRepository(db: Db) {
  return {
    /** The reads a route makes: only the kinds and items `visibility` reaches (`access/ownership.ts`). */
    visibleTo(visibility: Visibility) {
      return { page: (search: ChartSearch, tx: Db = db) => this.page(search, visibility, tx) };
    },

    /** One page, newest first, and whether there are more after it. */
    async page(
      search: ChartSearch,
      visibility: Visibility,
      tx: Db = db,
    ): Promise<{ items: ChartRow[]; hasMore: boolean }> {
      const kinds = search.kinds?.length ? search.kinds : (Object.keys(SOURCES) as ChartKind[]);
      const limit = search.limit + 1;
      const selects = kinds.map((kind) => sql`(${SOURCES[kind](search, visibility, limit)})`);
      const result = await tx.execute<RawChartRow>(sql`
        SELECT * FROM (${sql.join(selects, sql` UNION ALL `)}) AS timeline
         ORDER BY at DESC, tie DESC
         LIMIT ${limit}`);
      const rows = (result as unknown as { rows: RawChartRow[] }).rows;
      const items = rows.slice(0, search.limit).map((row) => ({
        kind: row.kind,
        id: row.id,
        at: asDate(row.at),
        dateOnly: row.date_only,
        tie: row.tie,
        title: row.title,
        detail: row.detail ?? '',
        status: row.status,
        doctor: row.doctor,
        appointmentId: row.appointment_id,
      }));
      return { items, hasMore: rows.length > search.limit };
    },
  };
}
