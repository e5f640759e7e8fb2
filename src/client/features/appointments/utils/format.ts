import { formatTime, type Instant } from '../../../lib/dates';

/** «Lunes, 23 de marzo de 2026» */
export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** «09:30–10:00» */
export const formatTimeRange = (startsAt: Instant, endsAt: Instant, timeZone: string) =>
  `${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;
