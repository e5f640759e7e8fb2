import { and, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { visibleAppointments } from '../../access';
import type { Visibility } from '../../access';
import type { Db } from '../../platform';
import { earliestOf, executePrepared, plus } from '../../platform';
import { appointments, doctors, insurers, patients, profiles, specialties } from '../../platform';
import { filterConditions, type AppointmentFilters } from './view-repository';

/**
 * The lists the desk keeps open — the calendar's range and the day's diary — built as JSON by the database:
 * only the fields their screens show, in the formats `presentAppointment` gives (instants as
 * `Date.toISOString()`: UTC, milliseconds, «Z»). Each row arrives as one JSON object's text, in start order,
 * and the route sends them joined as they come: no row becomes a JavaScript object, and nothing is validated
 * again on the way out (the tests parse it with the shared schemas on both engines).
 *
 * Measured on the bench's week of every doctor (5 000 rows, PostgreSQL, docs/performance-history.md «Scale»): the rows'
 * objects joined here take ~45 ms where one `string_agg(… ORDER BY …)` of them took ~90–105 ms (the aggregate
 * sorts the 2.3 MB of text again), and `concat` with `to_json` only where a value may need escaping ~45 ms
 * where a chain of `||` and `to_json` on every value took ~55 ms.
 */

/** The same cap as `listRange`: a range never answers more than this many appointments. */
const LIMIT = 5000;

/** An instant as `Date.prototype.toISOString` writes it. */
const iso = (column: AnyColumn) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * How a value is written: `text` through `to_json` (it escapes quotes, backslashes and control characters);
 * `plain` (identifiers and instants, whose characters never need escaping) between quotes as it is; `json`
 * through `to_json` (booleans). A NULL is written `null` in each.
 */
type Kind = 'text' | 'plain' | 'json';
type Field = [key: string, value: SQL | AnyColumn, kind: Kind];

function jsonValue(value: SQL | AnyColumn, kind: Kind): SQL {
  return kind === 'plain'
    ? sql`coalesce('"' || ${value} || '"', 'null')`
    : sql`coalesce(to_json(${value})::text, 'null')`;
}

/** A compact JSON object of `fields`, in their order, in one `concat` (a chain of `||` copies the text each time). */
function jsonObject(fields: Field[]): SQL {
  const parts = fields.flatMap(([key, value, kind], index) => [
    sql.raw(`'${index ? ',' : '{'}"${key}":'`),
    jsonValue(value, kind),
  ]);
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

const patientName: Field = ['patientName', sql`btrim(${patients.firstName} || ' ' || ${patients.lastName})`, 'text'];
/** Times, state and version: both lists. */
const timesAndState: Field[] = [
  ['startsAt', iso(appointments.startsAt), 'plain'],
  ['endsAt', iso(appointments.endsAt), 'plain'],
  ['status', appointments.status, 'text'],
  ['arrivedAt', iso(appointments.arrivedAt), 'plain'],
  ['updatedAt', iso(appointments.updatedAt), 'plain'],
  ['serviceId', appointments.serviceId, 'plain'],
];

/** `calendarAppointmentSchema`'s fields: not the doctor's name, colour and specialty, which the screen has. */
const calendarFields: Field[] = [
  ['id', appointments.id, 'plain'],
  patientName,
  ['doctorId', appointments.doctorId, 'plain'],
  ...timesAndState,
];

/** Who pays a visit «por su aseguradora», as `presentAppointment` writes it (null for a private one, decision 0118). */
const insurerVisit = sql`CASE WHEN ${appointments.payer} = 'aseguradora' THEN json_build_object(
  'insurerId', ${appointments.insurerId},
  'insurerName', (SELECT ${insurers.name} FROM ${insurers} WHERE ${insurers.id} = ${appointments.insurerId}),
  'cardNumber', ${appointments.insurerCardNumber},
  'authorizationNumber', ${appointments.authorizationNumber},
  'priceCents', ${appointments.insurerPriceCents},
  'copayCents', ${appointments.insurerCopayCents}) END`;

/** `diaryAppointmentSchema`'s fields (its rows call the patient and act on the appointment). */
const diaryFields: Field[] = [
  ['id', appointments.id, 'plain'],
  ['patientId', appointments.patientId, 'plain'],
  patientName,
  ['doctorId', appointments.doctorId, 'plain'],
  ['doctorName', profiles.displayName, 'text'],
  ['doctorColor', doctors.color, 'text'],
  ['specialty', specialties.name, 'text'],
  ...timesAndState,
  ['patientPhone', patients.phone, 'text'],
  ['reason', appointments.reason, 'text'],
  ['cancelReason', appointments.cancelReason, 'text'],
  ['cancelReasonVisible', appointments.cancelReasonVisible, 'json'],
  ['insurer', insurerVisit, 'json'],
];

/** The appointments of `where` as JSON objects of `fields`, in start order, capped as `listRange`. */
const rows = (fields: Field[], where: SQL | undefined) => sql`
  SELECT ${jsonObject(fields)} AS item, ${appointments.doctorId} AS doctor_id
    FROM ${appointments}
    JOIN ${patients} ON ${eq(patients.id, appointments.patientId)}
    JOIN ${doctors} ON ${eq(doctors.id, appointments.doctorId)}
    JOIN ${profiles} ON ${eq(profiles.id, appointments.doctorId)}
    JOIN ${specialties} ON ${eq(specialties.id, doctors.specialtyId)}
   ${where ? sql`WHERE ${where}` : sql``}
   ORDER BY ${appointments.startsAt}, ${profiles.displayName}
   LIMIT ${LIMIT}`;

type ItemRow = { item: string; doctor_id: string };

/** A range is read in slices of at least this long, and in at most `MAX_PARTS` of them. */
const MIN_SLICE_MS = 12 * 3_600_000;
const MAX_PARTS = 4;

/** `filters` split into consecutive ranges of start (the whole of it when it has no range or a short one). */
function slices(filters: AppointmentFilters): AppointmentFilters[] {
  const { from, to } = filters;
  if (!from || !to) return [filters];
  const length = to.getTime() - from.getTime();
  const parts = Math.max(1, Math.min(MAX_PARTS, Math.floor(length / MIN_SLICE_MS)));
  if (parts === 1) return [filters];
  const step = Math.ceil(length / parts);
  return Array.from({ length: parts }, (_, index) => ({
    ...filters,
    from: plus(from, { milliseconds: index * step }),
    to: earliestOf(to, plus(from, { milliseconds: (index + 1) * step })),
  }));
}

/** A JSON array of objects' texts. */
const jsonArray = (items: string[]) => `[${items.join(',')}]`;

export interface ListJson {
  /** A JSON array, ready to send. */
  json: string;
  count: number;
}

export function createAppointmentListsRepository(db: Db) {
  /**
   * The rows of `filters`' range, read as up to `MAX_PARTS` consecutive slices at once: on PostgreSQL each slice
   * runs on its own connection, so one desk's week uses every core of the database instead of one (the week of
   * every doctor: see docs/performance-history.md «Scale»). The slices come back in order and the cap applies to them all.
   */
  const select = async (fields: Field[], filters: AppointmentFilters, tx: Db): Promise<ItemRow[]> => {
    const parts = slices(filters).map((slice) => executePrepared<ItemRow>(tx, rows(fields, filterConditions(slice))));
    const items = (await Promise.all(parts)).flat();
    return items.length > LIMIT ? items.slice(0, LIMIT) : items;
  };

  async function calendar(filters: AppointmentFilters, tx: Db): Promise<ListJson> {
    const items = await select(calendarFields, filters, tx);
    return { json: jsonArray(items.map((row) => row.item)), count: items.length };
  }

  /**
   * The month view: each clinic day's first `perDay` appointments (not cancelled; by start, then the doctor's
   * name) and how many the day has. The days are ranked on the appointments alone; only the few shown are
   * joined to their patients and written as JSON.
   */
  async function month(
    filters: AppointmentFilters,
    { timeZone, doctorIds, perDay }: { timeZone: string; doctorIds: string[]; perDay: number },
    tx: Db,
  ): Promise<{ json: string; days: { date: string; count: number }[] }> {
    const day = sql`(${appointments.startsAt} AT TIME ZONE ${timeZone})::date`;
    const where = and(
      filterConditions(filters),
      ne(appointments.status, 'cancelada'),
      doctorIds.length ? inArray(appointments.doctorId, doctorIds) : undefined,
    );
    const shown = await executePrepared<{ item: string; day: string; total: number }>(
      tx,
      sql`
      WITH ranked AS (
        SELECT ${appointments.id} AS id, ${day} AS day,
               row_number() OVER (PARTITION BY ${day} ORDER BY ${appointments.startsAt}, ${profiles.displayName}, ${appointments.id}) AS n,
               count(*) OVER (PARTITION BY ${day}) AS total
          FROM ${appointments}
          JOIN ${profiles} ON ${eq(profiles.id, appointments.doctorId)}
         WHERE ${where}
      )
      SELECT ${jsonObject(calendarFields)} AS item, to_char(ranked.day, 'YYYY-MM-DD') AS day, ranked.total::int AS total
        FROM ranked
        JOIN ${appointments} ON ${appointments.id} = ranked.id
        JOIN ${patients} ON ${eq(patients.id, appointments.patientId)}
       WHERE ranked.n <= ${perDay}
       ORDER BY ranked.day, ranked.n`,
    );
    const days = new Map<string, number>();
    for (const row of shown) days.set(row.day, Number(row.total));
    return {
      json: jsonArray(shown.map((row) => row.item)),
      days: [...days].map(([date, count]) => ({ date, count })),
    };
  }

  /** The diary's appointments per doctor: a JSON array of each doctor's, in start order. */
  async function diary(filters: AppointmentFilters, tx: Db): Promise<{ byDoctor: Map<string, string>; count: number }> {
    const items = await select(diaryFields, filters, tx);
    const perDoctor = new Map<string, string[]>();
    for (const { item, doctor_id: doctorId } of items) {
      const list = perDoctor.get(doctorId);
      if (list) list.push(item);
      else perDoctor.set(doctorId, [item]);
    }
    const byDoctor = new Map([...perDoctor].map(([doctorId, list]) => [doctorId, jsonArray(list)]));
    return { byDoctor, count: items.length };
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
        /** The month view's days (`calendarMonthSchema`'s parts). */
        month: (
          filters: AppointmentFilters,
          options: { timeZone: string; doctorIds: string[]; perDay: number },
          tx: Db = db,
        ) => month(scoped(filters), options, tx),
        /** The diary's day (`appointmentSchema` per doctor). */
        diary: (filters: AppointmentFilters, tx: Db = db) => diary(scoped(filters), tx),
      };
    },
  };
}
