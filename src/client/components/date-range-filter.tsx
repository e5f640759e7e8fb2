import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { CALENDAR_ARIA_LABELS } from './date-field';

interface DateRangeFilterProps {
  from?: string;
  to?: string;
  onChange: (range: { from: string | null; to: string | null }) => void;
}

/** «Fechas»: a range of days (history and audit filters); applied once both ends are chosen (or both cleared). */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  // The picker holds a half-chosen range until its second day is picked.
  const [range, setRange] = useState<[string | null, string | null]>([from ?? null, to ?? null]);
  const key = `${from ?? ''}|${to ?? ''}`;
  const [syncedKey, setSyncedKey] = useState(key);
  if (key !== syncedKey) {
    // The address changed (filters removed, back/forward): show its dates.
    setSyncedKey(key);
    setRange([from ?? null, to ?? null]);
  }
  return (
    <DatePickerInput
      type="range"
      size="md"
      label="Fechas"
      placeholder="Todas las fechas"
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={18} aria-hidden />}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar las fechas' }}
      firstDayOfWeek={1}
      ariaLabels={CALENDAR_ARIA_LABELS}
      popoverProps={{ withinPortal: true }}
      value={range}
      onChange={(value) => {
        const [start, end] = value.map((day) => (day ? String(day).slice(0, 10) : null)) as [
          string | null,
          string | null,
        ];
        setRange([start, end]);
        if ((start && end) || (!start && !end)) onChange({ from: start, to: end });
      }}
    />
  );
}
