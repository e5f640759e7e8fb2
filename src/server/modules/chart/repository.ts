import { sql, type SQL } from 'drizzle-orm';
import type { ChartKind } from '../../../common/schemas/chart';
import type { Visibility } from '../../access/visibility';
import type { Db } from '../../db/client';
import { asDate } from '../../db/prepared';

/** One item of a patient's timeline, the same shape whatever its kind. */
export interface ChartRow {
  kind: ChartKind;
  id: string;
  at: Date;
  title: string;
  detail: string;
  status: string;
  doctor: string;
  appointmentId: string | null;
}

/** Where a page starts: strictly older than this item. */
export interface ChartCursor {
  at: Date;
  id: string;
}

export interface ChartSearch {
  patientId: string;
  kinds?: ChartKind[];
  /** Instants: items at or after `from`, before `to`. */
  from?: Date;
  to?: Date;
  after?: ChartCursor;
  limit: number;
}

/**
 * The conditions every kind's SELECT applies to its own `at` and `id` expressions: the dates and the
 * keyset, written so that the first column of the kind's (patient, at) index bounds the scan.
 */
function window(at: SQL, id: SQL, search: ChartSearch): SQL {
  const conditions: SQL[] = [];
  if (search.from) conditions.push(sql`${at} >= ${search.from.toISOString()}::timestamptz`);
  if (search.to) conditions.push(sql`${at} < ${search.to.toISOString()}::timestamptz`);
  if (search.after) {
    const cursorAt = sql`${search.after.at.toISOString()}::timestamptz`;
    conditions.push(sql`${at} <= ${cursorAt} AND (${at} < ${cursorAt} OR ${id} < ${search.after.id})`);
  }
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
}

/**
 * One SELECT per kind, each answering {kind, id, at, title, detail, status, doctor, appointment_id} for
 * one patient, newest first, at most `limit + 1` rows. A domain adds its kind by adding its SELECT here
 * (and its label and renderer): the UNION ALL, the order and the pages need no change.
 */
const SOURCES: Record<ChartKind, (search: ChartSearch, visibility: Visibility, limit: number) => SQL> = {
  // Every appointment of the patient, whatever its status or doctor.
  appointment: (search, _visibility, limit) => sql`
    SELECT 'appointment' AS kind, a.id::text AS id, a.starts_at AS at,
           'Cita · ' || s.name AS title, a.reason AS detail, a.status AS status, pr.display_name AS doctor,
           a.id::text AS appointment_id
      FROM appointments a
      JOIN doctors d ON d.id = a.doctor_id
      JOIN specialties s ON s.id = d.specialty_id
      JOIN profiles pr ON pr.id = a.doctor_id
     WHERE a.patient_id = ${search.patientId} AND ${window(sql`a.starts_at`, sql`a.id::text`, search)}
     ORDER BY a.starts_at DESC, a.id::text DESC
     LIMIT ${limit}`,
  // Notes: admins read all of them; a doctor only those of their own appointments (the treating doctor).
  note: (search, visibility, limit) => sql`
    SELECT 'note' AS kind, n.id::text AS id, n.created_at AS at,
           'Nota clínica' AS title,
           n.diagnosis || CASE WHEN n.diagnosis_code <> '' THEN ' (' || n.diagnosis_code || ')' ELSE '' END AS detail,
           CASE WHEN n.signed_at IS NULL THEN 'borrador' ELSE 'firmada' END AS status,
           pr.display_name AS doctor, n.appointment_id::text AS appointment_id
      FROM clinical_notes n
      JOIN profiles pr ON pr.id = n.doctor_id
     WHERE n.patient_id = ${search.patientId}
       AND ${visibility.kind === 'all' ? sql`true` : visibility.kind === 'doctor' ? sql`n.doctor_id = ${visibility.doctorId}` : sql`false`}
       AND ${window(sql`n.created_at`, sql`n.id::text`, search)}
     ORDER BY n.created_at DESC, n.id::text DESC
     LIMIT ${limit}`,
  // Prescriptions and treatments: admins all; a doctor those they wrote (as their lists show).
  prescription: (search, visibility, limit) => sql`
    SELECT 'prescription' AS kind, p.id::text AS id, p.created_at AS at,
           'Receta' AS title,
           p.diagnosis || ' · ' || (SELECT string_agg(m->>'medicine', ', ') FROM jsonb_array_elements(p.medicines) m) AS detail,
           p.status AS status, pr.display_name AS doctor, NULL::text AS appointment_id
      FROM prescriptions p
      JOIN profiles pr ON pr.id = p.doctor_id
     WHERE p.patient_id = ${search.patientId}
       AND ${authoredBy(sql`p.doctor_id`, visibility)}
       AND ${window(sql`p.created_at`, sql`p.id::text`, search)}
     ORDER BY p.created_at DESC, p.id::text DESC
     LIMIT ${limit}`,
  treatment: (search, visibility, limit) => sql`
    SELECT 'treatment' AS kind, t.id::text AS id, t.created_at AS at,
           'Tratamiento · ' || t.title AS title, t.diagnosis AS detail, t.status AS status,
           pr.display_name AS doctor, NULL::text AS appointment_id
      FROM treatments t
      JOIN profiles pr ON pr.id = t.doctor_id
     WHERE t.patient_id = ${search.patientId}
       AND ${authoredBy(sql`t.doctor_id`, visibility)}
       AND ${window(sql`t.created_at`, sql`t.id::text`, search)}
     ORDER BY t.created_at DESC, t.id::text DESC
     LIMIT ${limit}`,
  // Files of the record (not deleted): everyone who may open the chart sees them, as the files list does.
  file: (search, _visibility, limit) => sql`
    SELECT 'file' AS kind, f.id::text AS id, f.created_at AS at,
           'Archivo · ' || f.name AS title, f.description AS detail, f.type AS status,
           coalesce(pr.display_name, '') AS doctor, NULL::text AS appointment_id
      FROM patient_files f
      LEFT JOIN profiles pr ON pr.id = f.uploaded_by
     WHERE f.patient_id = ${search.patientId} AND f.deleted_at IS NULL
       AND ${window(sql`f.created_at`, sql`f.id::text`, search)}
     ORDER BY f.created_at DESC, f.id::text DESC
     LIMIT ${limit}`,
};

/** Clinical writing a viewer reads: all of it for `all`; a doctor only their own. */
function authoredBy(doctorColumn: SQL, visibility: Visibility): SQL {
  if (visibility.kind === 'all') return sql`true`;
  return visibility.kind === 'doctor' ? sql`${doctorColumn} = ${visibility.doctorId}` : sql`false`;
}

type RawChartRow = {
  kind: ChartKind;
  id: string;
  at: Date | string;
  title: string;
  detail: string | null;
  status: string;
  doctor: string;
  appointment_id: string | null;
};

/** The patient's chart timeline: every kind in one statement, in keyset pages on (at, id). */
export function createChartRepository(db: Db) {
  return {
    /** One page, newest first, and whether there are more after it. */
    async page(search: ChartSearch, visibility: Visibility, tx: Db = db): Promise<{ items: ChartRow[]; hasMore: boolean }> {
      const kinds = search.kinds?.length ? search.kinds : (Object.keys(SOURCES) as ChartKind[]);
      const limit = search.limit + 1;
      const selects = kinds.map((kind) => sql`(${SOURCES[kind](search, visibility, limit)})`);
      const result = await tx.execute<RawChartRow>(sql`
        SELECT * FROM (${sql.join(selects, sql` UNION ALL `)}) AS timeline
         ORDER BY at DESC, id DESC
         LIMIT ${limit}`);
      const rows = (result as unknown as { rows: RawChartRow[] }).rows;
      const items = rows.slice(0, search.limit).map((row) => ({
        kind: row.kind,
        id: row.id,
        at: asDate(row.at),
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
