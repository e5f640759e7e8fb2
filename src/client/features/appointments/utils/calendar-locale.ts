import type { LocaleInput } from '@fullcalendar/react';
import es from '@fullcalendar/react/locales/es';

/**
 * FullCalendar's Spanish, completed: its `es` locale leaves a few texts to the English defaults («Timed» names
 * the row of timed events for screen readers, «Change view» the view switcher, «Prev year»/«Next year»).
 */
export const calendarLocale: LocaleInput = {
  ...es,
  timedText: 'Con hora',
  viewChangeHint: 'Cambiar de vista',
  prevYearText: 'Año anterior',
  nextYearText: 'Año siguiente',
  prevText: 'Anterior',
  nextText: 'Siguiente',
  weekTextShort: 'Sem.',
};
