import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DateRangeFilter } from './date-range-filter';
import { useStackedTables } from './stacked-table';
import { monthOf, yearOf } from '../lib/dates';

export const PERIOD_PRESETS = [
  { value: 'este-mes', label: 'Este mes' },
  { value: 'mes-anterior', label: 'Mes anterior' },
  { value: 'este-ano', label: 'Este año' },
  { value: 'fechas', label: 'Fechas' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

export interface Period {
  preset: PeriodPreset;
  /** The chosen days when `preset` is «fechas» (both, or none yet). */
  range: { from: string; to: string } | null;
}

/** The days a period covers, from the clinic's today: this month unless dates were chosen. */
export function periodDays(period: Period, today: string): { from: string; to: string } {
  switch (period.preset) {
    case 'este-mes':
      return monthOf(today);
    case 'mes-anterior':
      return monthOf(today, -1);
    case 'este-ano':
      return yearOf(today);
    case 'fechas':
      return period.range ?? monthOf(today);
  }
}

/** «Periodo»: this month, the one before, this year, or dates of one's own. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  // On a phone the four choices do not fit in a row (the last was cut off at 390 px): one under the other.
  const phone = useStackedTables();
  return (
    <Stack gap="xs">
      <Text component="span" fw={500} size="sm" id="period-label">
        Periodo
      </Text>
      <SegmentedControl
        aria-labelledby="period-label"
        data={[...PERIOD_PRESETS]}
        value={value.preset}
        onChange={(preset) => onChange({ preset: preset as PeriodPreset, range: value.range })}
        fullWidth
        orientation={phone ? 'vertical' : 'horizontal'}
        maw={560}
      />
      {value.preset === 'fechas' && (
        <DateRangeFilter
          from={value.range?.from}
          to={value.range?.to}
          onChange={({ from, to }) => onChange({ preset: 'fechas', range: from && to ? { from, to } : null })}
        />
      )}
    </Stack>
  );
}
