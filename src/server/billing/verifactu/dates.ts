import type { Temporal } from 'temporal-polyfill';

/** The clinic's time zone unless its settings name another: the offset FechaHoraHusoGenRegistro carries. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** A date as the AEAT's `fecha` type writes it: dd-mm-yyyy. */
export function formatDate(date: Temporal.PlainDate): string {
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  return `${dd}-${mm}-${String(date.year).padStart(4, '0')}`;
}

/**
 * FechaHoraHusoGenRegistro: the instant a record is generated, to the second, with the UTC offset the clinic's
 * zone has at that instant (+01:00 in winter, +02:00 in summer for Europe/Madrid), e.g. 2027-01-15T10:30:00+01:00.
 */
export function formatGeneratedAt(instant: Temporal.Instant, timeZone: string = DEFAULT_TIME_ZONE): string {
  const local = instant.toZonedDateTimeISO(timeZone);
  return local.toString({ smallestUnit: 'second', roundingMode: 'trunc', timeZoneName: 'never' });
}
