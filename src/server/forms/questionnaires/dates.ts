/** «27/11/2026» in the clinic's zone (Europe/Madrid). */
export const esDate = (date: Date, timeZone = 'Europe/Madrid') =>
  new Intl.DateTimeFormat('es-ES', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
