import { Temporal } from 'temporal-polyfill';
import { esDateFormat } from '../../common/time';

/** The wall-clock date (`YYYY-MM-DD`) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** The instant of wall-clock midnight of a date (`YYYY-MM-DD`) in a time zone. */
export const startOfDay = (date: string, timeZone: string) =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);

/** «lunes, 23 de marzo de 2026, 09:30» in the clinic's zone: e-mails never use the server's zone. */
export function formatWhen(date: Date, timeZone: string): string {
  const day = esDateFormat({ timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  const time = esDateFormat({ timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${day}, ${time}`;
}
