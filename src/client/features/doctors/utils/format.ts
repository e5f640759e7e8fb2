/** Formats of the doctors screens, in es-ES. */

const plainDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar date «AAAA-MM-DD» as a UTC instant, so that formatting never moves it to another day. */
const utcDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** «3 de agosto de 2026», or «3–14 de agosto de 2026» for a range. */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return plainDate.format(utcDate(start));
  return plainDate.formatRange(utcDate(start), utcDate(end));
}

/** Today's date «AAAA-MM-DD» in `timeZone`. */
export function todayIn(timeZone: string): string {
  // en-CA writes dates as AAAA-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** «lun, 3 nov, 9:30» in the clinic's time zone. */
export function formatSlot(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
