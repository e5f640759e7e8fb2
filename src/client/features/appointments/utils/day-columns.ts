import type { CalendarAppointment } from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { timeToMinutes } from '../../../../common/time';
import { addDays, isoWeekday, minutesBetween, wallMinutes, zonedInstant } from '../../../lib/dates';

/** The hours the per-doctor day view shows (the calendar's 07:00–21:00). */
export const DAY_START_MINUTE = 7 * 60;
export const DAY_END_MINUTE = 21 * 60;
/** 24 px per quarter of an hour: a 15-minute appointment is a 24 px target (WCAG 2.5.8). */
export const PX_PER_MINUTE = 1.6;
/** Drops and clicks land on multiples of this many minutes. */
export const SNAP_MINUTES = 5;
export const COLUMN_HEIGHT = (DAY_END_MINUTE - DAY_START_MINUTE) * PX_PER_MINUTE;

const pad = (value: number) => String(value).padStart(2, '0');
export const minutesToTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The instants that bound the clinic's day «AAAA-MM-DD» (what the range API is asked for). */
export const dayRange = (date: string, timeZone: string) => ({
  from: zonedInstant(date, '00:00', timeZone),
  to: zonedInstant(addDays(date, 1), '00:00', timeZone),
});

/** The instant of a wall-clock minute of the day. */
export const instantAt = (date: string, minute: number, timeZone: string) =>
  zonedInstant(date, minutesToTime(minute), timeZone);

export interface MinuteSpan {
  start: number;
  end: number;
}

/** A doctor's working intervals on a date, in minutes, sorted. */
export function workingSpans(doctor: Pick<Doctor, 'schedule'>, date: string): MinuteSpan[] {
  const weekday = isoWeekday(date);
  return doctor.schedule
    .filter((interval) => interval.weekday === weekday)
    .map((interval) => ({ start: timeToMinutes(interval.start), end: timeToMinutes(interval.end) }))
    .sort((a, b) => a.start - b.start);
}

/** The shown hours outside the doctor's working intervals (shaded in the column). */
export function offHourSpans(doctor: Pick<Doctor, 'schedule'>, date: string): MinuteSpan[] {
  const spans: MinuteSpan[] = [];
  let cursor = DAY_START_MINUTE;
  for (const span of workingSpans(doctor, date)) {
    if (span.start > cursor) spans.push({ start: cursor, end: Math.min(span.start, DAY_END_MINUTE) });
    cursor = Math.max(cursor, span.end);
  }
  if (cursor < DAY_END_MINUTE) spans.push({ start: cursor, end: DAY_END_MINUTE });
  return spans.filter((span) => span.end > span.start);
}

/** The doctor's absence covering the date, if any. */
export const absenceOn = (doctor: Pick<Doctor, 'absences'>, date: string) =>
  doctor.absences.find((absence) => absence.startDate <= date && date <= absence.endDate);

/** «09:00–14:00 y 16:00–19:00», or «No trabaja este día». */
export function hoursLabel(doctor: Pick<Doctor, 'schedule'>, date: string): string {
  const spans = workingSpans(doctor, date).map((span) => `${minutesToTime(span.start)}–${minutesToTime(span.end)}`);
  if (!spans.length) return 'No trabaja este día';
  return spans.length === 1 ? spans[0]! : `${spans.slice(0, -1).join(', ')} y ${spans.at(-1)}`;
}

export interface PlacedAppointment {
  appointment: CalendarAppointment;
  start: number;
  end: number;
  /** Side by side when two overlap (an overbooking): lane of `lanes`. */
  lane: number;
  lanes: number;
}

/** A column's appointments (cancelled ones left out) with their minutes and, when they overlap, lanes. */
export function placeAppointments(appointments: CalendarAppointment[], timeZone: string): PlacedAppointment[] {
  const placed = appointments
    .filter((appointment) => appointment.status !== 'cancelada')
    .map((appointment) => {
      const start = wallMinutes(appointment.startsAt, timeZone);
      const duration = Math.max(5, minutesBetween(appointment.startsAt, appointment.endsAt));
      return { appointment, start, end: start + duration, lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let cluster: PlacedAppointment[] = [];
  let clusterEnd = -1;
  const close = () => cluster.forEach((item) => (item.lanes = Math.max(...cluster.map((other) => other.lane)) + 1));
  for (const item of placed) {
    if (item.start >= clusterEnd) {
      close();
      cluster = [];
    }
    const laneEnds = new Map<number, number>();
    cluster.forEach((other) => laneEnds.set(other.lane, Math.max(laneEnds.get(other.lane) ?? 0, other.end)));
    let lane = 0;
    while ((laneEnds.get(lane) ?? -1) > item.start) lane++;
    item.lane = lane;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  close();
  return placed;
}

/** The minute of the day at a vertical offset in a column, snapped and kept inside the shown hours. */
export function minuteAtOffset(offsetY: number, duration = 0, snap = SNAP_MINUTES): number {
  const raw = DAY_START_MINUTE + offsetY / PX_PER_MINUTE;
  const snapped = Math.round(raw / snap) * snap;
  return Math.min(Math.max(snapped, DAY_START_MINUTE), DAY_END_MINUTE - Math.max(duration, snap));
}

/** The user's choice of columns: the order of the doctors and those hidden. */
export interface ColumnsPreference {
  order: string[];
  hidden: string[];
}

/** The doctors in the user's order (doctors new since then at the end), and which are shown. */
export function orderDoctors<T extends { id: string }>(doctors: T[], preference: ColumnsPreference | null) {
  const byId = new Map(doctors.map((doctor) => [doctor.id, doctor]));
  const known = (preference?.order ?? []).filter((id) => byId.has(id));
  const ordered = [...known, ...doctors.map((doctor) => doctor.id).filter((id) => !known.includes(id))].map(
    (id) => byId.get(id)!,
  );
  const hidden = new Set(preference?.hidden ?? []);
  return { ordered, shown: ordered.filter((doctor) => !hidden.has(doctor.id)) };
}
