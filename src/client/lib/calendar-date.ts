const long = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const short = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** A calendar date «AAAA-MM-DD» in Spanish, the same day whatever the browser's zone: «10 de marzo de 2026». */
export const formatCalendarDate = (date: string) => long.format(new Date(`${date}T12:00:00Z`));
/** «10/03/2026». */
export const formatShortCalendarDate = (date: string) => short.format(new Date(`${date}T12:00:00Z`));
