import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
// Mantine's date pickers speak Spanish through dayjs' locale, loaded with them.
import '../lib/mantine-dates-locale';
import { calendarDate } from '../lib/dates';

/** «3/5/2026», «03-05-2026», «3.5.2026» or «2026-05-03» → «2026-05-03»; null when it is not a real date. */
export function parseSpanishDate(text: string): string | null {
  const value = text.trim();
  let year: number, month: number, day: number;
  const spanish = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (spanish) [day, month, year] = [Number(spanish[1]), Number(spanish[2]), Number(spanish[3])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  return calendarDate(year, month, day);
}

/** The calendar's controls, named in Spanish for screen readers (every date picker of the app uses them). */
export const CALENDAR_ARIA_LABELS = {
  monthLevelControl: 'Elegir el mes',
  yearLevelControl: 'Elegir el año',
  nextMonth: 'Mes siguiente',
  previousMonth: 'Mes anterior',
  nextYear: 'Año siguiente',
  previousYear: 'Año anterior',
  nextDecade: 'Década siguiente',
  previousDecade: 'Década anterior',
};

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** «AAAA-MM-DD» or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A date typed as dd/mm/aaaa or picked from a calendar in Spanish; its value is «AAAA-MM-DD». */
export function DateField({ value, onChange, popoverProps, ...props }: DateFieldProps) {
  // While the calendar is open, Escape only closes the calendar: Mantine's modals and drawers close on any
  // Escape unless its target carries `data-mantine-stop-propagation` (the date input doesn't set it itself).
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      dateParser={parseSpanishDate}
      leftSection={<IconCalendar size={18} stroke={1.6} aria-hidden />}
      ariaLabels={CALENDAR_ARIA_LABELS}
      nextLabel="Siguiente"
      previousLabel="Anterior"
      clearButtonProps={{ 'aria-label': 'Borrar la fecha' }}
      data-mantine-stop-propagation={calendarOpen || undefined}
      {...props}
      popoverProps={{
        withinPortal: true,
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
    />
  );
}
