import { Chip, Group } from '@mantine/core';
import { addDays, mondayOf } from '../../../lib/dates';
import type { HistoryUpdate } from './use-history-params';

/** The ranges the desk asks for most, relative to the clinic's today. */
function presets(today: string) {
  const monday = mondayOf(today);
  return [
    { key: 'ayer', label: 'Ayer', from: addDays(today, -1), to: addDays(today, -1) },
    { key: 'hoy', label: 'Hoy', from: today, to: today },
    { key: 'manana', label: 'Mañana', from: addDays(today, 1), to: addDays(today, 1) },
    { key: 'semana', label: 'Esta semana', from: monday, to: addDays(monday, 6) },
    { key: 'proximos', label: 'Próximos 30 días', from: today, to: addDays(today, 30) },
    { key: 'ultimos', label: 'Últimos 30 días', from: addDays(today, -30), to: today },
  ];
}

interface HistoryDatePresetsProps {
  today: string;
  from?: string;
  to?: string;
  allDates: boolean;
  onChange: (changes: HistoryUpdate) => void;
}

/** One click to today, the days around it or every date; the chip of the range shown is checked. */
export function HistoryDatePresets({ today, from, to, allDates, onChange }: HistoryDatePresetsProps) {
  const options = presets(today);
  const current = allDates ? 'todas' : (options.find((option) => option.from === from && option.to === to)?.key ?? '');
  return (
    <Chip.Group
      value={current}
      onChange={(key) => {
        const chosen = options.find((option) => option.key === key);
        onChange(chosen ? { from: chosen.from, to: chosen.to } : { fechas: 'todas' });
      }}
    >
      <Group gap="xs" role="radiogroup" aria-label="Periodo">
        {options.map((option) => (
          <Chip key={option.key} value={option.key} type="radio" size="sm">
            {option.label}
          </Chip>
        ))}
        <Chip value="todas" type="radio" size="sm">
          Todas las fechas
        </Chip>
      </Group>
    </Chip.Group>
  );
}
