import type { Availability, Slot } from '../../../../common/schemas/appointments';
import { ApiError } from '../../../lib/api-client';
import {
  addDays,
  calendarDateParts,
  dayKey,
  epochMs,
  formatCalendarWeekdayAndDay,
  formatTime,
  mondayOf,
} from '../../../lib/dates';

/** A free slot together with the professional it belongs to. */
export interface PickedSlot extends Slot {
  doctorId: string;
  doctorName: string;
}

/** All free slots of an availability answer in one list, in time order (for «Cualquier profesional»). */
export function flattenAvailability(availability: Availability): PickedSlot[] {
  return availability.doctors
    .flatMap((doctor) => doctor.slots.map((slot) => ({ ...slot, doctorId: doctor.id, doctorName: doctor.displayName })))
    .sort((a, b) => epochMs(a.startsAt) - epochMs(b.startsAt) || a.doctorName.localeCompare(b.doctorName, 'es'));
}

/** Slots grouped by their wall-clock day in the clinic's zone, in order. */
export function groupByDay(slots: PickedSlot[], timeZone: string): Map<string, PickedSlot[]> {
  const days = new Map<string, PickedSlot[]>();
  for (const slot of slots) {
    const key = dayKey(slot.startsAt, timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return days;
}

export const sameSlot = (a: PickedSlot | null | undefined, b: PickedSlot) =>
  !!a && a.startsAt === b.startsAt && a.doctorId === b.doctorId;

/**
 * The Monday of the week that shows `day` (today's week when there is none or it has gone): weeks run from Monday
 * to Sunday, as a Spanish calendar does; the days of this week already gone are shown as such.
 */
export function windowStartFor(day: string | null | undefined, today: string): string {
  return mondayOf(!day || day <= today ? today : day);
}

/** The seven days starting on `first`. */
export const sevenDaysFrom = (first: string) => Array.from({ length: 7 }, (_, index) => addDays(first, index));

const dayParts = calendarDateParts;
const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((item) => item.type === type)?.value ?? '';

/** «lun», «23 mar» of a `YYYY-MM-DD` day. */
export function shortDayParts(date: string): { weekday: string; day: string } {
  const parts = dayParts(date, { weekday: 'short', day: 'numeric', month: 'short' });
  return { weekday: part(parts, 'weekday'), day: `${part(parts, 'day')} ${part(parts, 'month')}` };
}

/** «lunes, 23 de marzo» of a `YYYY-MM-DD` day. */
export const longDayLabel = formatCalendarWeekdayAndDay;

/** «del 23 al 29 de marzo», «del 30 de marzo al 5 de abril» (with the year when it is not `currentYear`). */
export function weekRangeLabel(first: string, currentYear: string): string {
  const start = dayParts(first, { day: 'numeric', month: 'long', year: 'numeric' });
  const end = dayParts(addDays(first, 6), { day: 'numeric', month: 'long', year: 'numeric' });
  const year = (parts: Intl.DateTimeFormatPart[]) => part(parts, 'year');
  const endText = `${part(end, 'day')} de ${part(end, 'month')}${year(end) === currentYear ? '' : ` de ${year(end)}`}`;
  if (part(start, 'month') === part(end, 'month')) return `del ${part(start, 'day')} al ${endText}`;
  const startYear = year(start) === year(end) ? '' : ` de ${year(start)}`;
  return `del ${part(start, 'day')} de ${part(start, 'month')}${startYear} al ${endText}`;
}

/** Morning or afternoon of a slot, in the clinic's zone. */
export const isMorning = (slot: Slot, timeZone: string) => formatTime(slot.startsAt, timeZone) < '14:00';

/** «1 libre», «5 libres»; a day with none says why when it knows: «Pasado», or the holiday's name. */
export const freeCountText = (count: number, closed?: string) =>
  count > 0 ? (count === 1 ? '1 libre' : `${count} libres`) : (closed ?? 'Sin horas');

/** The 409 `SLOT_TAKEN` answer: the server's message and the fresh slots it offers instead; null for any other error. */
export function slotTakenOf(error: unknown): { message: string; slots: Slot[] } | null {
  if (!(error instanceof ApiError) || error.code !== 'SLOT_TAKEN') return null;
  // A plain check rather than the shared zod schema: zod would be ~23 kB of the booking page's first load,
  // and the answer is our own server's (`slotTakenSchema` on the server side).
  const slots = (error.body as { slots?: unknown } | undefined)?.slots;
  return { message: error.message, slots: Array.isArray(slots) ? slots.filter(isSlot) : [] };
}

function isSlot(value: unknown): value is Slot {
  const slot = value as Partial<Slot> | null;
  return typeof slot?.startsAt === 'string' && typeof slot.endsAt === 'string';
}

/** «Lucía Martín Gómez» → «Lucía» and «Martín Gómez». */
export function splitName(displayName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = displayName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** «lunes, 23 de marzo» → «Lunes, 23 de marzo» */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
