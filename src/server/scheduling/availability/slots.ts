import { Temporal } from 'temporal-polyfill';
import { toInstant } from '../../platform';

export interface WeeklyInterval {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotQuery {
  timeZone: string;
  /** First and last wall-clock day to look at (inclusive), `YYYY-MM-DD`. */
  fromDate: string;
  toDate: string;
  durationMinutes: number;
  /** How far apart slot starts are (the doctor's appointment grid); `durationMinutes` when not given. */
  stepMinutes?: number;
  schedule: WeeklyInterval[];
  absences: DateRange[];
  /** Live appointments of the doctor (any order). */
  busy: BusyRange[];
  /** No slot may start before this instant (now + minimum notice)… */
  earliest: Date;
  /** …nor after this one (now + booking horizon). */
  latest: Date;
  /** Stop after this many slots. */
  limit?: number;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The free slots of one doctor: slots of `durationMinutes`, starting every `stepMinutes`, inside each working interval
 * (wall-clock times in the clinic's zone, so a 09:00 start is 09:00 in winter and in summer), minus
 * absences and busy ranges, within [earliest, latest]. A wall-clock time that does not exist (the
 * spring-forward gap) yields no slot.
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const slots: Slot[] = [];
  const busy = [...query.busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const byWeekday = new Map<number, WeeklyInterval[]>();
  for (const interval of query.schedule) {
    const list = byWeekday.get(interval.weekday) ?? [];
    list.push(interval);
    byWeekday.set(interval.weekday, list);
  }
  for (const list of byWeekday.values()) list.sort((a, b) => a.startMinute - b.startMinute);

  const last = Temporal.PlainDate.from(query.toDate);
  const earliest = query.earliest.getTime();
  const latest = query.latest.getTime();
  const durationMs = query.durationMinutes * 60_000;
  const step = query.stepMinutes ?? query.durationMinutes;
  let busyIndex = 0;

  /** The instant of a wall-clock time, or null when that time does not exist (the spring-forward gap). */
  const instantOf = (day: Temporal.PlainDate, minute: number): number | null => {
    const date = minute >= 1440 ? day.add({ days: 1 }) : day;
    const wall = date.toPlainDateTime({ hour: Math.floor((minute % 1440) / 60), minute: minute % 60 });
    const zoned = wall.toZonedDateTime(query.timeZone, { disambiguation: 'earlier' });
    return zoned.toPlainDateTime().equals(wall) ? zoned.epochMilliseconds : null;
  };

  for (
    let day = Temporal.PlainDate.from(query.fromDate);
    Temporal.PlainDate.compare(day, last) <= 0;
    day = day.add({ days: 1 })
  ) {
    const iso = day.toString();
    if (query.absences.some((absence) => absence.startDate <= iso && iso <= absence.endDate)) continue;
    for (const interval of byWeekday.get(day.dayOfWeek) ?? []) {
      // Converting wall-clock times is the costly part: when the interval's two ends are as far apart in
      // real time as on the clock, no offset change falls inside it and every slot start is a sum.
      const intervalStart = instantOf(day, interval.startMinute);
      const intervalEnd = instantOf(day, interval.endMinute);
      const steady =
        intervalStart !== null &&
        intervalEnd !== null &&
        intervalEnd - intervalStart === (interval.endMinute - interval.startMinute) * 60_000;
      for (let minute = interval.startMinute; minute + query.durationMinutes <= interval.endMinute; minute += step) {
        const start = steady ? intervalStart + (minute - interval.startMinute) * 60_000 : instantOf(day, minute);
        if (start === null) continue;
        if (start < earliest) continue;
        if (start > latest) return slots;
        const end = start + durationMs;
        while (busyIndex < busy.length && busy[busyIndex]!.endsAt.getTime() <= start) busyIndex++;
        let overlaps = false;
        for (let i = busyIndex; i < busy.length && busy[i]!.startsAt.getTime() < end; i++) {
          if (busy[i]!.endsAt.getTime() > start) {
            overlaps = true;
            break;
          }
        }
        if (overlaps) continue;
        slots.push({ startsAt: toInstant(start), endsAt: toInstant(end) });
        if (query.limit && slots.length >= query.limit) return slots;
      }
    }
  }
  return slots;
}
