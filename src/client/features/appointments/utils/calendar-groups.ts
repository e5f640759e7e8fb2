import type { CalendarAppointment } from '../../../../common/schemas/appointments';
import { dayKey, epochMs, toIso } from '../../../lib/dates';

// A crowded range (every doctor of a large clinic: thousands of appointments in a week) is grouped before
// FullCalendar sees it: it gets one event per box it draws — the appointments that fit and one «+N» per half
// hour — instead of thousands it would parse, place and then hide (issue 25). The month view asks the server for
// a few a day and each day's count instead (`monthMoreEvents` in calendar-events.ts).

/** Above this many appointments in the range, or `CROWDED_DAY` on one day, the calendar groups them. */
export const CROWDED = 1000;
export const CROWDED_DAY = 200;
/** Day and week: at most this many appointments side by side; the rest under «+N», one per half hour. */
export const MAX_STACK = 4;
const SLOT_MS = 30 * 60_000;

/** Appointments gathered under one «+N» box: those starting in its half hour (day and week views). */
export interface HiddenGroup {
  id: string;
  start: string;
  end: string;
  allDay: boolean;
  appointments: CalendarAppointment[];
}

export interface GroupOptions {
  /** At most this many side by side. */
  max?: number;
  /** Always drawn, whatever the count: the appointment just booked, which the calendar opens at. */
  pinnedId?: string;
}

export interface GroupedAppointments {
  shown: CalendarAppointment[];
  groups: HiddenGroup[];
}

/** Milliseconds and clinic days of the range's instants, each worked out once (many share a start). */
function instantCache(timeZone: string) {
  const ms = new Map<string, number>();
  const days = new Map<string, string>();
  return {
    ms(instant: string) {
      let value = ms.get(instant);
      if (value === undefined) ms.set(instant, (value = epochMs(instant)));
      return value;
    },
    day(instant: string) {
      let value = days.get(instant);
      if (value === undefined) days.set(instant, (value = dayKey(instant, timeZone)));
      return value;
    },
  };
}

/** True when the range is too full to draw every appointment: over `CROWDED` in all, or `CROWDED_DAY` on a day. */
export function isCrowded(appointments: readonly CalendarAppointment[], timeZone: string): boolean {
  if (appointments.length > CROWDED) return true;
  if (appointments.length <= CROWDED_DAY) return false;
  const cache = instantCache(timeZone);
  const perDay = new Map<string, number>();
  for (const appointment of appointments) {
    const day = cache.day(appointment.startsAt);
    const count = (perDay.get(day) ?? 0) + 1;
    if (count > CROWDED_DAY) return true;
    perDay.set(day, count);
  }
  return false;
}

const byName = new Intl.Collator('es').compare;

/** FullCalendar's own order: start, the longer first, then the title (which begins with the patient's name). */
function inCalendarOrder(appointments: readonly CalendarAppointment[], ms: (instant: string) => number) {
  return appointments
    .map((appointment) => ({ appointment, start: ms(appointment.startsAt), end: ms(appointment.endsAt) }))
    .sort(
      (a, b) =>
        a.start - b.start ||
        b.end - b.start - (a.end - a.start) ||
        byName(a.appointment.patientName, b.appointment.patientName),
    );
}

/**
 * Day and week views: each appointment, in the calendar's order, takes the first of `maxStack` lanes free at its
 * start, so no more than `maxStack` are ever side by side; one that finds none goes under the «+N» of the half
 * hour it starts in (a box over that half hour, beside them).
 */
export function stackInLanes(
  appointments: readonly CalendarAppointment[],
  timeZone: string,
  { max: maxStack = MAX_STACK, pinnedId }: GroupOptions = {},
): GroupedAppointments {
  const cache = instantCache(timeZone);
  const lanes: number[] = [];
  const shown: CalendarAppointment[] = [];
  const groups = new Map<number, HiddenGroup>();
  for (const { appointment, start, end } of inCalendarOrder(appointments, (instant) => cache.ms(instant))) {
    const lane = lanes.findIndex((busyUntil) => busyUntil <= start);
    if (lane >= 0 || lanes.length < maxStack) {
      lanes[lane >= 0 ? lane : lanes.length] = end;
      shown.push(appointment);
      continue;
    }
    if (appointment.id === pinnedId) {
      shown.push(appointment);
      continue;
    }
    const slot = Math.floor(start / SLOT_MS) * SLOT_MS;
    let group = groups.get(slot);
    if (!group) {
      group = { id: `mas-${slot}`, start: toIso(slot), end: toIso(slot + SLOT_MS), allDay: false, appointments: [] };
      groups.set(slot, group);
    }
    group.appointments.push(appointment);
  }
  return { shown, groups: [...groups.values()] };
}
