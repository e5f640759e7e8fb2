import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { visibleAppointments } from '../../access/ownership';
import type { Visibility } from '../../access/visibility';
import type { Db } from '../../db/client';
import { appointments, doctors, patients, profiles, specialties } from '../../db/schema';
import { filterConditions, type AppointmentFilters } from './repository';

/**
 * The lists the desk keeps open — the calendar's range and the day's diary — built as JSON by the database:
 * only the fields their screens show, in the formats `presentAppointment` gives (instants as
 * `Date.toISOString()`: UTC, milliseconds, «Z»), aggregated in start order. The route sends the text as it
 * comes: no row becomes a JavaScript object, and nothing is validated again on the way out (the tests parse
 * it with the shared schemas on both engines).
 */

/** The same cap as `listRange`: a range never answers more than this many appointments. */
const LIMIT = 5000;

/** An instant as `Date.prototype.toISOString` writes it. */
const iso = (column: AnyColumn) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Field = [key: string, value: SQL | AnyColumn];

/**
 * A compact JSON object of `fields`, in their order: `to_json` writes and escapes each value (NULL as `null`).
 * `json_build_object` would write `"key" : value, ` — a tenth more bytes on the calendar's week.
 */
function jsonObject(fields: Field[]): SQL {
  const parts = fields.map(
    ([key, value], index) =>
      sql`${sql.raw(`'${index ? ',' : '{'}"${key}":'`)} || coalesce(to_json(${value})::text, 'null')`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** `calendarAppointmentSchema`'s fields. */
const calendarFields: Field[] = [
  ['id', appointments.id],
  ['patientId', appointments.patientId],
  ['patientName', sql`btrim(${patients.firstName} || ' ' || ${patients.lastName})`],
  ['doctorId', appointments.doctorId],
  ['doctorName', profiles.displayName],
  ['doctorColor', doctors.color],
  ['specialty', specialties.name],
  ['startsAt', iso(appointments.startsAt)],
  ['endsAt', iso(appointments.endsAt)],
  ['status', appointments.status],
  ['arrivedAt', iso(appointments.arrivedAt)],
  ['updatedAt', iso(appointments.updatedAt)],
  ['serviceId', appointments.serviceId],
];

/** `appointmentSchema`'s fields (the diary: its rows call the patient, and its actions take the appointment). */
const diaryFields: Field[] = [
  ...calendarFields,
  ['patientPhone', patients.phone],
  ['patientEmail', patients.email],
  ['patientBirthDate', sql`to_char(${patients.birthDate}, 'YYYY-MM-DD')`],
  ['patientDocument', patients.documentNumber],
  ['reason', appointments.reason],
  ['channel', appointments.channel],
  ['cancelReason', appointments.cancelReason],
  ['cancelReasonVisible', appointments.cancelReasonVisible],
  ['createdAt', iso(appointments.createdAt)],
];

/** The appointments of `where` as JSON objects of `fields`, with what they are ordered by, capped as `listRange`. */
const rows = (fields: Field[], where: SQL | undefined) => sql`
  SELECT ${jsonObject(fields)} AS item, ${appointments.startsAt} AS starts_at,
         ${profiles.displayName} AS doctor_name, ${appointments.doctorId} AS doctor_id
    FROM ${appointments}
    JOIN ${patients} ON ${eq(patients.id, appointments.patientId)}
    JOIN ${doctors} ON ${eq(doctors.id, appointments.doctorId)}
    JOIN ${profiles} ON ${eq(profiles.id, appointments.doctorId)}
    JOIN ${specialties} ON ${eq(specialties.id, doctors.specialtyId)}
   ${where ? sql`WHERE ${where}` : sql``}
   ORDER BY ${appointments.startsAt}, ${profiles.displayName}
   LIMIT ${LIMIT}`;

export interface ListJson {
  /** A JSON array, ready to send. */
  json: string;
  count: number;
}

export function createAppointmentListsRepository(db: Db) {
  async function calendar(filters: AppointmentFilters, tx: Db): Promise<ListJson> {
    const result = await tx.execute(sql`
      SELECT '[' || coalesce(string_agg(r.item, ',' ORDER BY r.starts_at, r.doctor_name), '') || ']' AS json,
             count(*)::int AS count
        FROM (${rows(calendarFields, filterConditions(filters))}) r`);
    const [row] = (result as unknown as { rows: { json: string; count: number }[] }).rows;
    return { json: row!.json, count: Number(row!.count) };
  }

  /** The diary's appointments per doctor: a JSON array of each doctor's, in start order. */
  async function diary(filters: AppointmentFilters, tx: Db): Promise<{ byDoctor: Map<string, string>; count: number }> {
    const result = await tx.execute(sql`
      SELECT r.doctor_id, '[' || string_agg(r.item, ',' ORDER BY r.starts_at, r.doctor_name) || ']' AS json,
             count(*)::int AS count
        FROM (${rows(diaryFields, filterConditions(filters))}) r
       GROUP BY r.doctor_id`);
    const byDoctor = new Map<string, string>();
    let count = 0;
    for (const row of (result as unknown as { rows: { doctor_id: string; json: string; count: number }[] }).rows) {
      byDoctor.set(row.doctor_id, row.json);
      count += Number(row.count);
    }
    return { byDoctor, count };
  }

  return {
    /** Only the appointments `visibility` lets the requesting user see. */
    visibleTo(visibility: Visibility) {
      const visible = visibleAppointments(visibility);
      const scoped = (filters: AppointmentFilters): AppointmentFilters => ({
        ...filters,
        visible: and(filters.visible, visible),
      });
      return {
        /** The calendar's range (`calendarAppointmentSchema[]`). */
        calendar: (filters: AppointmentFilters, tx: Db = db) => calendar(scoped(filters), tx),
        /** The diary's day (`appointmentSchema` per doctor). */
        diary: (filters: AppointmentFilters, tx: Db = db) => diary(scoped(filters), tx),
      };
    },
  };
}
