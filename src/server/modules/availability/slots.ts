import { Temporal } from 'temporal-polyfill';

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
 * The free slots of one doctor: consecutive slots of `durationMinutes` inside each working interval
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
  let busyIndex = 0;

  for (let day = Temporal.PlainDate.from(query.fromDate); Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const iso = day.toString();
    if (query.absences.some((absence) => absence.startDate <= iso && iso <= absence.endDate)) continue;
    for (const interval of byWeekday.get(day.dayOfWeek) ?? []) {
      for (let minute = interval.startMinute; minute + query.durationMinutes <= interval.endMinute; minute += query.durationMinutes) {
        const wall = day.toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 });
        const zoned = wall.toZonedDateTime(query.timeZone, { disambiguation: 'earlier' });
        if (!zoned.toPlainDateTime().equals(wall)) continue; // in the DST gap: this time does not exist
        const start = zoned.epochMilliseconds;
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
        slots.push({ startsAt: new Date(start), endsAt: new Date(end) });
        if (query.limit && slots.length >= query.limit) return slots;
      }
    }
  }
  return slots;
}

/** The wall-clock date (`YYYY-MM-DD`) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}
