import { ColorSwatch, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES } from '../../../../common/schemas/appointments';
import type { Doctor } from '../../../../common/schemas/doctors';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterActions } from '../../../components/filter-actions';
import { appointmentsExportHref } from '../api/get-appointments';
import { HistoryDatePresets } from './history-date-presets';
import { PatientPicker } from './patient-picker';
import type { useHistoryParams } from './use-history-params';

type HistoryParams = ReturnType<typeof useHistoryParams>;

/** The search box: what is typed reaches the address (and the query) once typing pauses. */
function HistorySearch({ value, onChange }: { value?: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [synced, setSynced] = useState(value ?? '');
  if ((value ?? '') !== synced) {
    // The address changed (filters removed, back/forward): show its text.
    setSynced(value ?? '');
    setText(value ?? '');
  }
  const send = useDebouncedCallback((q: string) => onChange(q.trim()), 300);
  return (
    <TextInput
      size="md"
      type="search"
      label="Buscar"
      placeholder="Nombre, teléfono o documento del paciente"
      leftSection={<IconSearch size={18} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}

interface HistoryFiltersProps {
  params: HistoryParams;
  doctors: Doctor[];
}

/** Search, period, professional, status, order and patient of the history, and its CSV. */
export function HistoryFilters({ params, doctors }: HistoryFiltersProps) {
  const { filters, update, today, allDates, filtered } = params;
  const colorOf = (id: string) => doctors.find((doctor) => doctor.id === id)?.color ?? '#868e96';
  return (
    <Paper withBorder p="md" component="section" aria-label="Filtros">
      <Stack gap="md">
        <HistorySearch value={filters.q} onChange={(q) => update({ q })} />
        <HistoryDatePresets today={today} from={filters.from} to={filters.to} allDates={allDates} onChange={update} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <Select
            size="md"
            label="Profesional"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el profesional' }}
            data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.displayName }))}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={colorOf(option.value)} size={12} aria-hidden />
                <span>{option.label}</span>
              </Group>
            )}
            value={filters.doctorId ?? null}
            onChange={(value) => update({ doctorId: value })}
          />
          <Select
            size="md"
            label="Estado"
            placeholder="Todos"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el estado' }}
            data={APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))}
            value={filters.status ?? null}
            onChange={(value) => update({ status: value })}
          />
          <Select
            size="md"
            label="Orden"
            allowDeselect={false}
            data={[
              { value: 'asc', label: 'Primeras primero' },
              { value: 'desc', label: 'Últimas primero' },
            ]}
            value={filters.order ?? 'asc'}
            onChange={(value) => update({ order: value })}
          />
        </SimpleGrid>
        <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
          <div style={{ flex: '1 1 320px', maxWidth: 640 }}>
            <PatientPicker
              label="Paciente"
              value={filters.patientId ?? null}
              onChange={(id) => update({ patientId: id })}
            />
          </div>
          <FilterActions
            filtered={filtered}
            onClear={() =>
              update({ from: null, to: null, fechas: null, doctorId: null, patientId: null, status: null, q: null })
            }
            exportHref={appointmentsExportHref(filters)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
